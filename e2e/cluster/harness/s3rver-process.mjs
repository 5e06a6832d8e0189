// s3rver in a process of its own, as a real object store would be: inside the test process it would share an event
// loop with the load generator, and the instances' readiness check (HeadBucket, 2 s) would time out under load.
// Arguments: <folder> <bucket>. Prints `listening <port>` once it serves; SIGTERM stops it.
import S3rver from 's3rver';

const [directory, bucket] = process.argv.slice(2);
const server = new S3rver({
  port: 0,
  address: '127.0.0.1',
  silent: true,
  directory,
  configureBuckets: [{ name: bucket }],
});
const { port } = await server.run();
process.stdout.write(`listening ${port}\n`);
process.on('SIGTERM', () => {
  server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
