// Compile-time tests of the onnxruntime-web hand-off (issue 34, Build 3): a
// tessera Tensor is a session.run feed at run time, but TypeScript types
// ort's feeds as its own Tensor interface (toDataURL, reshape, ...), which a
// tessera Tensor does not declare: tw.toOrt(ort, t) is the one-word fix the
// README shows.
import type * as ort from 'onnxruntime-web';
import * as tw from 'tessera-wasm';

declare const session: ort.InferenceSession;
declare const ortModule: typeof ort;
declare const t: tw.Tensor<'float32'>;

// @ts-expect-error a tessera Tensor is not typed as ort's Tensor (TS2740: it lacks toDataURL, reshape, ...)
export const direct = session.run({ x: t });
export const fixed = session.run({ x: tw.toOrt(ortModule, t) });
export const fixedFromResident = session.run({ x: tw.toOrt(ortModule, tw.toResident(t)) });
export const feed: ort.Tensor = tw.toOrt(ortModule, tw.floor(t));

// ---------------------------------------------------------------------------
// castLike of a plain input is a Tensor<T> (its data compiles); of a resident one, a ResidentTensor<T>

declare const like16: tw.Tensor<'float16'>;
export const castData: Uint16Array = tw.castLike(tw.tensor('int32', [1, 2]), like16).data;
export const castDims: readonly number[] = tw.castLike(t, tw.tensor('int8', [0])).dims;
export const castInto: Int8Array = tw.castLike(t, tw.tensor('int8', [0]), { out: new Int8Array(1) }).data;
declare const r: tw.ResidentTensor<'float32'>;
export const castResident: tw.ResidentTensor<'float16'> = tw.castLike(r, like16);
export const castResidentOut: tw.Tensor<'float16'> = tw.castLike(r, like16, { out: new Uint16Array(1) });
// @ts-expect-error a resident result has no data: copy it out with toTensor()
tw.castLike(r, like16).data;
