import { describeLivePortContract } from "./contract";
import { createInProcessLivePort } from "./in-process";

describeLivePortContract("in process", {
  shared: false,
  open: async (options) => createInProcessLivePort(options),
  connections: async () => 0,
});
