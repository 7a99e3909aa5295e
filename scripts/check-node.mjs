// Runs before the test and bench commands: they need the Node that Electron 45 bundles (24), which
// `npm install` provisions into node_modules/.bin on Linux x64. Written to run on any Node, to say so clearly.
const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  console.error(
    `Tidying's tools need Node 24 or newer, but this is Node ${process.versions.node}. ` +
      'Run them through npm (npm test, npm run ...), which uses the Node 24 that npm install put in node_modules/.bin ' +
      '(Linux x64), or install Node 24 yourself on other systems.',
  );
  process.exit(1);
}
