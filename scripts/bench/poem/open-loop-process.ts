/**
 * bench:poem's paced reads in a process of their own: `node --import tsx open-loop-process.ts
 * <url> <rate> <seconds> <warm-up seconds>` runs ../open-loop.ts (the warm-up first, unmeasured)
 * and prints its result as one JSON line. The bench process holds the generated poem (tens of MB
 * of strings); its garbage collections would stall the client and be counted against the server.
 */
import { openLoop } from '../open-loop.js';

const [url, rate, seconds, warmUp] = process.argv.slice(2);
const { origin, pathname, search } = new URL(url!);
const run = (secs: number) => openLoop({ base: origin, nextPath: () => `${pathname}${search}`, rate: Number(rate), seconds: secs });
if (Number(warmUp) > 0) await run(Number(warmUp));
console.log(JSON.stringify(await run(Number(seconds))));
