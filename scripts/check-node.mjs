// npm scripts should run on the project's pinned Node 24 (node_modules/.bin/node, from the
// `node` devDependency). `npm ci --ignore-scripts` leaves the system Node in charge: say so plainly.
const major = Number(process.versions.node.split(".")[0]);
if (major !== 24) {
  console.error(
    `This project runs on Node 24 (found ${process.versions.node}).\n` +
      "Run `npm ci` without --ignore-scripts so the pinned Node is installed, or use Node 24.",
  );
  process.exit(1);
}
