/** The portal version, from package.json at build time (shown in the footer). */
declare const __APP_VERSION__: string;
