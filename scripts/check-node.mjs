// Fails fast, with a way out, when a script runs on a Node older than the project's pinned one.
// npm itself may run on the system Node; npm scripts put node_modules/.bin (the pinned Node) first.
const required = 22;
const major = Number(process.versions.node.split('.')[0]);
if (major < required) {
  console.error(
    [
      `Business Chauffeur needs Node ${required} or newer; this is Node ${process.versions.node}.`,
      'Run the project through npm scripts (npm start, npm test, npm run dev): they use the Node',
      'pinned in devDependencies (node_modules/.bin/node) after `npm ci`.',
      'Or install Node 24 yourself (see .nvmrc), for example with `nvm use`.',
    ].join('\n'),
  );
  process.exit(1);
}
