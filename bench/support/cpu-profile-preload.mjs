// Loaded with NODE_OPTIONS=--import (node 20 refuses --cpu-prof there): profiles the whole process and
// writes a V8 .cpuprofile into CPU_PROFILE_DIR when it exits (a SIGKILLed process writes none).
import { Session } from 'node:inspector';
import { writeFileSync } from 'node:fs';
import path from 'node:path';

const session = new Session();
session.connect();
session.post('Profiler.setSamplingInterval', { interval: 1000 });
session.post('Profiler.enable');
session.post('Profiler.start');
process.on('exit', () => {
  // The in-process session answers synchronously, so this runs to the end inside 'exit'.
  session.post('Profiler.stop', (error, result) => {
    if (!error) writeFileSync(path.join(process.env.CPU_PROFILE_DIR ?? '.', `worker-${process.pid}.cpuprofile`), JSON.stringify(result.profile));
  });
});
