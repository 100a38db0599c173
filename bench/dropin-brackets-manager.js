// Losers-bracket rematches in brackets-manager's double elimination, for
// comparison with Courtside's (go test -tags=compare -run TestCompareDoubleElimination ./tournament/).
//
// brackets-manager is not a dependency of Courtside: install it outside the
// repository and point NODE_PATH at it:
//
//   mkdir -p /tmp/bm && cd /tmp/bm && npm install brackets-manager@1.11.1 brackets-memory-db
//   NODE_PATH=/tmp/bm/node_modules node bench/dropin-brackets-manager.js [play-outs]
//
// For each size it lays out a double elimination with its default orders,
// plays it out with random winners, and counts the play-outs with a
// losers-bracket match between two entries who had met before in the same
// tournament, and the share of losers-bracket matches that were such a rematch.
const { BracketsManager } = require('brackets-manager');
const { InMemoryDatabase } = require('brackets-memory-db');

// A small deterministic generator (mulberry32), so runs compare.
function rng(seed) {
  return () => {
    seed |= 0; seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function playout(n, random) {
  const storage = new InMemoryDatabase();
  const manager = new BracketsManager(storage);
  const seeding = Array.from({ length: n }, (_, i) => `e${String(i + 1).padStart(3, '0')}`);
  await manager.create.stage({ tournamentId: 0, name: 'de', type: 'double_elimination', seeding, settings: { grandFinal: 'double' } });
  const groups = await storage.select('group');
  const losers = groups.find((g) => g.number === 2).id;
  const met = new Set();
  let lbMatches = 0, lbRematches = 0;
  for (;;) {
    const matches = await storage.select('match');
    const ready = matches.find((m) => m.status === 2 && m.opponent1 && m.opponent2 && m.opponent1.id !== null && m.opponent2.id !== null);
    if (!ready) break;
    const a = ready.opponent1.id, b = ready.opponent2.id;
    const key = a < b ? `${a}-${b}` : `${b}-${a}`;
    if (ready.group_id === losers) {
      lbMatches++;
      if (met.has(key)) lbRematches++;
    }
    met.add(key);
    const first = random() < 0.5;
    await manager.update.match({ id: ready.id, opponent1: { result: first ? 'win' : 'loss' }, opponent2: { result: first ? 'loss' : 'win' } });
  }
  return { lbMatches, lbRematches };
}

(async () => {
  const playouts = Number(process.argv[2] || 2000);
  console.log('entries  play-outs  with a losers-bracket rematch  rematches per losers-bracket match');
  for (const n of [8, 16, 32, 64, 128]) {
    const random = rng(n);
    let hit = 0, matches = 0, rematches = 0;
    for (let i = 0; i < playouts; i++) {
      const r = await playout(n, random);
      if (r.lbRematches > 0) hit++;
      matches += r.lbMatches;
      rematches += r.lbRematches;
    }
    console.log(`${String(n).padStart(7)}  ${String(playouts).padStart(9)}  ${(100 * hit / playouts).toFixed(1).padStart(28)}%  ${(100 * rematches / matches).toFixed(2).padStart(33)}%`);
  }
})();
