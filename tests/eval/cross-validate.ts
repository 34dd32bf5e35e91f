// k-fold cross-validation: for each fold, weights are fit on the rows of the other folds and only
// then used on the fold's own rows, so every row's result comes from weights that never saw it.

export function crossValidate<Row extends { fold: number }, Weights, Result>(
  rows: readonly Row[],
  folds: number,
  learn: (training: readonly Row[], fold: number) => Weights,
  apply: (row: Row, weights: Weights) => Result,
): Map<Row, Result> {
  const results = new Map<Row, Result>();
  for (let fold = 0; fold < folds; fold++) {
    const weights = learn(
      rows.filter((row) => row.fold !== fold),
      fold,
    );
    for (const row of rows.filter((row) => row.fold === fold)) results.set(row, apply(row, weights));
  }
  return results;
}
