// The data files train.ts and compare-features.ts take: PATH, or PATH:MIN_ROUGE1 for a guard's
// floor (fit.ts).
export interface FileArg {
  path: string;
  minRouge1?: number;
}

export function parseFileArg(arg: string): FileArg {
  const match = arg.match(/^(.*):(\d+(?:\.\d+)?)$/);
  return match?.[1] !== undefined ? { path: match[1], minRouge1: Number(match[2]) } : { path: arg };
}
