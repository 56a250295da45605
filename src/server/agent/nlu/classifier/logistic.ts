import { seededRandom } from '../../../../domain/seeded-random.js';
import { featuresOf, type FeatureOptions } from './features.js';

/**
 * Multinomial logistic regression over sparse binary features, trained by stochastic gradient
 * descent with AdaGrad steps and L2 shrinkage. Deterministic: the examples are shuffled by a
 * seeded generator, so the same corpus always gives the same weights (the model is rebuilt from
 * the corpus, never downloaded; see decision 037).
 */
export interface Example<L extends string> {
  text: string;
  label: L;
  /** How much this example counts (rare or costly classes weigh more). */
  weight?: number;
}

export interface TrainOptions {
  features?: FeatureOptions;
  epochs?: number;
  rate?: number;
  l2?: number;
  seed?: number;
  /** Features seen in fewer examples than this are left out (noise, and a smaller model). */
  minCount?: number;
}

export interface Model<L extends string> {
  labels: readonly L[];
  features: FeatureOptions;
  vocabulary: Map<string, number>;
  /** Row f holds feature f's weight for each label; the last row is the bias. */
  weights: Float32Array;
}

export interface Prediction<L extends string> {
  label: L;
  confidence: number;
  /** Every label with its probability, most likely first. */
  ranked: { label: L; p: number }[];
}


export function train<L extends string>(labels: readonly L[], examples: Example<L>[], options: TrainOptions = {}): Model<L> {
  const { epochs = 25, rate = 0.2, l2 = 1e-5, seed = 7, minCount = 1 } = options;
  const featureLists = examples.map((e) => featuresOf(e.text, options.features));
  const counts = new Map<string, number>();
  for (const list of featureLists) for (const f of list) counts.set(f, (counts.get(f) ?? 0) + 1);
  const vocabulary = new Map<string, number>();
  for (const [f, n] of counts) if (n >= minCount) vocabulary.set(f, vocabulary.size);
  const k = labels.length;
  const bias = vocabulary.size;
  const weights = new Float32Array((vocabulary.size + 1) * k);
  const squares = new Float32Array(weights.length).fill(1e-8);
  const rows = featureLists.map((list) => [...list.map((f) => vocabulary.get(f)).filter((i): i is number => i !== undefined), bias]);
  const targets = examples.map((e) => labels.indexOf(e.label));
  const order = examples.map((_, i) => i);
  const next = seededRandom(seed);
  const scores = new Float64Array(k);
  for (let epoch = 0; epoch < epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    for (const n of order) {
      const row = rows[n]!;
      const scale = 1 / Math.sqrt(row.length);
      softmaxInto(weights, row, scale, scores);
      const w = examples[n]!.weight ?? 1;
      for (let c = 0; c < k; c++) {
        const g = (scores[c]! - (c === targets[n] ? 1 : 0)) * scale * w;
        for (const f of row) {
          const at = f * k + c;
          const grad = g + l2 * weights[at]!;
          squares[at]! += grad * grad;
          weights[at]! -= (rate * grad) / Math.sqrt(squares[at]!);
        }
      }
    }
  }
  return { labels, features: options.features ?? {}, vocabulary, weights };
}

function softmaxInto(weights: Float32Array, row: number[], scale: number, out: Float64Array): void {
  const k = out.length;
  out.fill(0);
  for (const f of row) for (let c = 0; c < k; c++) out[c]! += weights[f * k + c]! * scale;
  let max = -Infinity;
  for (let c = 0; c < k; c++) max = Math.max(max, out[c]!);
  let sum = 0;
  for (let c = 0; c < k; c++) {
    out[c] = Math.exp(out[c]! - max);
    sum += out[c]!;
  }
  for (let c = 0; c < k; c++) out[c]! /= sum;
}

export function predict<L extends string>(model: Model<L>, text: string): Prediction<L> {
  const { vocabulary, labels, weights } = model;
  const row = [...featuresOf(text, model.features).map((f) => vocabulary.get(f)).filter((i): i is number => i !== undefined), vocabulary.size];
  const scores = new Float64Array(labels.length);
  softmaxInto(weights, row, 1 / Math.sqrt(row.length), scores);
  const ranked = labels.map((label, c) => ({ label, p: scores[c]! })).sort((a, b) => b.p - a.p);
  return { label: ranked[0]!.label, confidence: ranked[0]!.p, ranked };
}
