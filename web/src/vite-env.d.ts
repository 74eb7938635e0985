interface ImportMetaEnv {
  /** Origin of the api, e.g. https://api.example.com; defaults to http://localhost:4000. */
  readonly VITE_API_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
