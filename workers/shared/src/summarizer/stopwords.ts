// Function words that carry no topic; left out when sentences are compared by their words.
export const STOPWORDS: ReadonlySet<string> = new Set(
  `a about above after again against all also am an and any are as at be because been before being below between both but by
  can could did do does doing down during each few for from further had has have having he her here hers herself him himself his
  how i if in into is it its itself just me more most my myself no nor not now of off on once only or other our ours ourselves out
  over own same she should so some such than that the their theirs them themselves then there these they this those through to too
  under until up very was we were what when where which while who whom why will with would you your yours yourself yourselves
  said says say told according would could may might must shall one two three new per cent percent year years week weeks month
  months day days today yesterday tomorrow`
    .split(/\s+/)
    .filter(Boolean),
);
