// One colour per side everywhere (lines, legend, summary), and a darker shade
// of it for the discipline's own signal (RED's average queue). Six sides at
// most (the core's limit), six colours that stay apart for common colour blindness.
const sideColours = ['#d9822b', '#2b6cb0', '#2f9e44', '#ae3ec9', '#c92a2a', '#0c8599'];
const signalColours = ['#5c3208', '#0a1f3d', '#0f3d1a', '#45104f', '#5c1010', '#04363f'];

export function sideColour(side: number): string {
  return sideColours[side % sideColours.length] ?? '#555';
}

export function signalColour(side: number): string {
  return signalColours[side % signalColours.length] ?? '#222';
}
