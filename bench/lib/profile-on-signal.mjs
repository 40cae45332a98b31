// Preloaded (`--import`) into a bench server by bench/api-cpu.ts with API_CPU_PROFILE_DIR: SIGUSR2 starts
// V8's CPU profiler in this process, the next SIGUSR2 stops it and writes the profile there. So a
// profile holds the measured load alone, not the server's start and seeding (as --cpu-prof's would).
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import path from "node:path";

const dir = process.env.API_CPU_PROFILE_DIR;
let session = null;
let count = 0;
process.on("SIGUSR2", async () => {
  if (!session) {
    session = new Session();
    session.connect();
    await session.post("Profiler.enable");
    await session.post("Profiler.setSamplingInterval", { interval: 500 });
    await session.post("Profiler.start");
    return;
  }
  const { profile } = await session.post("Profiler.stop");
  session.disconnect();
  session = null;
  count += 1;
  writeFileSync(path.join(dir, `api-${process.pid}-${count}.cpuprofile`), JSON.stringify(profile));
});
