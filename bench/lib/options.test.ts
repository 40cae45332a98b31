import { describe, expect, it } from "vitest";
import { commonAncestor } from "./baseline";
import { parseOptions, SITEMAP } from "./options";

describe("parseOptions", () => {
  it("uses the documented defaults", () => {
    const options = parseOptions({}, "/repo/bench");
    expect(options).toMatchObject({
      rootDir: "/repo",
      mainDir: "/repo",
      resultsDir: "/repo/bench/results",
      skipBuild: false,
      host: "localhost",
      mainPort: 3100,
      baselinePort: 3101,
      sections: [],
      connections: 10,
      durationSeconds: 10,
      warmupSeconds: 2,
      throughputRounds: 3,
      lighthouseRuns: 1,
      lighthousePaths: [SITEMAP],
      chromePath: "/usr/bin/chromium",
    });
    expect(options.baselineDir.startsWith("/repo")).toBe(false);
  });

  it("reads lists and flags", () => {
    const options = parseOptions(
      { BENCH_SKIP_BUILD: "1", BENCH_LH_PATHS: " /, /pricing ,", BENCH_SECTIONS: "throughput", BENCH_LH_RUNS: "3" },
      "/repo/bench",
    );
    expect(options).toMatchObject({
      skipBuild: true,
      lighthousePaths: ["/", "/pricing"],
      sections: ["throughput"],
      lighthouseRuns: 3,
    });
  });

  it("names the variable that is wrong", () => {
    expect(() => parseOptions({ BENCH_PORT: "abc" }, "/repo/bench")).toThrow(/BENCH_PORT/);
    expect(() => parseOptions({ BENCH_LH_RUNS: "0" }, "/repo/bench")).toThrow(/BENCH_LH_RUNS must be at least 1/);
    expect(() => parseOptions({ BENCH_LH_PATHS: "blog" }, "/repo/bench")).toThrow(/BENCH_LH_PATHS/);
    expect(() => parseOptions({ BENCH_SKIP_BUILD: "yes" }, "/repo/bench")).toThrow(/BENCH_SKIP_BUILD/);
    expect(() => parseOptions({ BENCH_PORT: "3200", BENCH_BASELINE_PORT: "3200" }, "/repo/bench")).toThrow(
      /must differ/,
    );
  });
});

describe("commonAncestor", () => {
  it("finds the deepest shared directory", () => {
    expect(commonAncestor("/work/main", "/tmp/baseline")).toBe("/");
    expect(commonAncestor("/home/me/happr", "/home/me/.cache/baseline")).toBe("/home/me");
  });
});
