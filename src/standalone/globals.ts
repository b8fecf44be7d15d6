// The language's built-ins the bundle uses, read once from the global object when it loads and
// bound by esbuild's `inject` (see url-shim.ts) to every free reference in the bundle: a local
// variable of its closure instead of a global lookup per use. Where the global object is a host
// object, a lookup can cost far more than the work it guards: in a `node:vm` context, which the
// DuckDB test and benchmark run the bundle in, each one goes through the context's interceptor,
// and tr46's binary search over the UTS #46 table reads `Math` and `Array` at every step. The same
// values either way: nothing here changes what the bundle computes.
const G = globalThis;

const GlobalArray = G.Array;
const GlobalArrayBuffer = G.ArrayBuffer;
const GlobalBigInt = G.BigInt;
const GlobalDataView = G.DataView;
const GlobalError = G.Error;
const GlobalInt32Array = G.Int32Array;
const GlobalJSON = G.JSON;
const GlobalMap = G.Map;
const GlobalMath = G.Math;
const GlobalNumber = G.Number;
const GlobalObject = G.Object;
const GlobalRangeError = G.RangeError;
const GlobalRegExp = G.RegExp;
const GlobalSet = G.Set;
const GlobalString = G.String;
const GlobalSymbol = G.Symbol;
const GlobalTypeError = G.TypeError;
const GlobalUint16Array = G.Uint16Array;
const GlobalUint32Array = G.Uint32Array;
const GlobalUint8Array = G.Uint8Array;
const GlobalWeakMap = G.WeakMap;
const GlobalWeakSet = G.WeakSet;
const globalDecodeURIComponent = G.decodeURIComponent;
const globalIsNaN = G.isNaN;
const globalParseInt = G.parseInt;

export {
  GlobalArray as Array,
  GlobalArrayBuffer as ArrayBuffer,
  GlobalBigInt as BigInt,
  GlobalDataView as DataView,
  GlobalError as Error,
  GlobalInt32Array as Int32Array,
  GlobalJSON as JSON,
  GlobalMap as Map,
  GlobalMath as Math,
  GlobalNumber as Number,
  GlobalObject as Object,
  GlobalRangeError as RangeError,
  GlobalRegExp as RegExp,
  GlobalSet as Set,
  GlobalString as String,
  GlobalSymbol as Symbol,
  GlobalTypeError as TypeError,
  GlobalUint16Array as Uint16Array,
  GlobalUint32Array as Uint32Array,
  GlobalUint8Array as Uint8Array,
  GlobalWeakMap as WeakMap,
  GlobalWeakSet as WeakSet,
  globalDecodeURIComponent as decodeURIComponent,
  globalIsNaN as isNaN,
  globalParseInt as parseInt,
};
