// Stylesheets are imported for their side effect only: esbuild bundles them into main.css.
declare module '*.css';
