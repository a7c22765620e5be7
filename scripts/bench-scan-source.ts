/**
 * The benchmark's source: the Bunny fake filled with N bulk deliveries, in a process of its own
 * (as a real storage service would be), so its work does not share the scanner's event loop.
 * Talks to the benchmark over IPC: 'ready' with the base URL, then answers 'stats' and 'reset'.
 */
import { generateBulkDeliveries, memoryWriter } from '@/features/demo';
import { startFakeBunny } from '../test/fakes/bunny-storage';

const count = Number(process.env.BENCH_COUNT ?? '10000');
const latencyMs = Number(process.env.BENCH_LATENCY_MS ?? '3');
const zone = process.env.BENCH_ZONE ?? 'bench-zone';
const key = process.env.BENCH_KEY ?? 'bench-key';

const bunny = await startFakeBunny({ zones: { [zone]: key }, latencyMs });
const memory = memoryWriter();
const manifest = await generateBulkDeliveries(memory, { count });
for (const [p, bytes] of memory.files) bunny.put(zone, p, Buffer.from(bytes));
memory.files.clear();
process.send!({ type: 'ready', baseUrl: bunny.baseUrl, files: manifest.files, bytes: manifest.bytes, batches: manifest.batches.length });
process.on('message', (message: { type: string }) => {
  if (message.type === 'reset') {
    bunny.resetCounters();
    process.send!({ type: 'reset' });
  } else if (message.type === 'stats') {
    process.send!({ type: 'stats', maxConcurrent: bunny.maxConcurrent, requestCount: bunny.requestCount });
  } else if (message.type === 'stop') {
    void bunny.close().then(() => process.exit(0));
  }
});
process.on('disconnect', () => process.exit(0));
