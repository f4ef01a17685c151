package tablebase

import (
	"context"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	badger "github.com/dgraph-io/badger/v4"
	"github.com/klauspost/compress/zstd"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/internal/reference"
	"github.com/geister-solver/geister/purple"
)

// The fixture: every class with at most 5 pieces (only 4, and one 5-piece
// class, with -short), built once into a temporary store shared by the
// tests of this file.
var (
	fixtureOnce sync.Once
	fixtureDB   *DB
	fixtureErr  error
	fixtureDir  string
)

func fixtureClasses() []purple.Class {
	if testing.Short() {
		return []purple.Class{{Blues: 1, Reds: 1, OppPieces: 2, OppReds: 1}, {Blues: 1, Reds: 1, OppPieces: 3, OppReds: 2}}
	}
	return purple.Classes(5)
}

func TestMain(m *testing.M) {
	code := m.Run()
	if fixtureDB != nil {
		fixtureDB.Close()
		os.RemoveAll(fixtureDir)
	}
	os.Exit(code)
}

func fixture(t *testing.T) *DB {
	t.Helper()
	fixtureOnce.Do(func() {
		fixtureDir, fixtureErr = os.MkdirTemp("", "tablebase-test")
		if fixtureErr != nil {
			return
		}
		fixtureDB, fixtureErr = Open(fixtureDir)
		if fixtureErr != nil {
			return
		}
		_, fixtureErr = Build(context.Background(), fixtureDB, fixtureClasses(), BuildOptions{})
	})
	if fixtureErr != nil {
		t.Fatal(fixtureErr)
	}
	return fixtureDB
}

// randomPosition returns a random position of c with the prover first.
func randomPosition(r *engine.Rand, c purple.Class) engine.Position {
	l := newLayout(c, sideO)
	x := l.board(r.Uint64() % l.size)
	return position(c, x, r.Intn(2))
}

func TestFixtureVerifies(t *testing.T) {
	db := fixture(t)
	for _, c := range fixtureClasses() {
		if !db.Has(c) {
			t.Fatalf("%s not complete", c)
		}
		m, _ := db.Manifest(c)
		if m.Positions[0] != classSize(c) || m.Positions[1] != classSize(c) || !m.Complete || m.Blocks == 0 {
			t.Errorf("%s: manifest %+v", c, m)
		}
	}
	rep, err := Verify(context.Background(), db, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !rep.OK() || len(rep.Classes) != len(fixtureClasses()) {
		t.Fatalf("verify: %+v", rep)
	}
}

// Every sampled entry agrees with the plain AND/OR solver within its
// depth reach: the prover's DTW and the opponent's distance to its forced
// win, both ways (a stored distance is found exactly, a longer or missing
// one is not found within the reach). Samples are drawn at random and
// kept by quota: short wins, short losses, and the rest.
func TestProbeAgreesWithReference(t *testing.T) {
	db := fixture(t)
	r := engine.NewRand(11)
	depth, quota := 7, 12
	if testing.Short() {
		quota = 6
	}
	for _, c := range fixtureClasses() {
		var kept [3]int
		for tries := 0; tries < 20000 && (kept[0] < quota || kept[1] < quota || kept[2] < quota); tries++ {
			p := randomPosition(r, c)
			v, err := db.Probe(&p, engine.First)
			if err != nil {
				t.Fatal(err)
			}
			kind := 2
			switch {
			case v.Result == purple.Win && v.Plies <= depth:
				kind = 0
			case v.Result == purple.Loss && v.Plies <= depth:
				kind = 1
			}
			if kept[kind] >= quota {
				continue
			}
			kept[kind]++
			win := reference.New(engine.First, engine.First, reference.Purple).DTW(&p, depth)
			loss := reference.New(engine.First, engine.Second, reference.Purple).DTW(&p, depth)
			wantWin, wantLoss := -1, -1
			if kind == 0 {
				wantWin = v.Plies
			}
			if kind == 1 {
				wantLoss = v.Plies
			}
			if win != wantWin || loss != wantLoss {
				t.Fatalf("%s: table %s, reference DTW %d DTL %d (depth %d)", p.String(), v, win, loss, depth)
			}
		}
		if kept[0] < quota || kept[1] < quota {
			t.Errorf("%s: only %v samples (short wins, short losses, others)", c, kept)
		}
		t.Logf("%s: %v samples (short wins, short losses, others)", c, kept)
	}
}

// engineExpected computes the value of p from its children with the
// engine's moves and the purple rules (independent of this package's move
// generation), probing each child.
func engineExpected(t *testing.T, db *DB, p *engine.Position) Entry {
	t.Helper()
	g := purple.Game{Pos: *p, Prover: engine.First}
	var ml engine.MoveList
	g.Moves(&ml)
	mover := p.Turn()
	goodRes := purple.Win
	if mover != engine.First {
		goodRes = purple.Loss
	}
	best, worst, neither := -1, -1, false
	for _, m := range ml.Slice() {
		u := g.Make(m)
		var cv Entry
		switch g.Value() {
		case purple.Win:
			cv = Entry{Result: purple.Win}
		case purple.Loss:
			cv = Entry{Result: purple.Loss}
		default:
			var err error
			if cv, err = db.Probe(&g.Pos, engine.First); err != nil {
				t.Fatalf("child %s of %s: %v", g.Pos.String(), p.String(), err)
			}
		}
		g.Unmake(u)
		switch {
		case cv.Result == purple.Ongoing:
			neither = true
		case cv.Result == goodRes:
			if best < 0 || cv.Plies < best {
				best = cv.Plies
			}
		default:
			worst = max(worst, cv.Plies)
		}
	}
	switch {
	case best >= 0:
		return Entry{Result: goodRes, Plies: best + 1}
	case !neither:
		bad := purple.Loss
		if goodRes == purple.Loss {
			bad = purple.Win
		}
		return Entry{Result: bad, Plies: worst + 1}
	}
	return Entry{}
}

// Sampled Bellman check through the engine's own moves: every probed value
// is what its children (probed, or ended games) give one step back.
func TestEngineBellmanSample(t *testing.T) {
	db := fixture(t)
	r := engine.NewRand(12)
	for _, c := range fixtureClasses() {
		for i := 0; i < 3000; i++ {
			p := randomPosition(r, c)
			v, err := db.Probe(&p, engine.First)
			if err != nil {
				t.Fatal(err)
			}
			if want := engineExpected(t, db, &p); v != want {
				t.Fatalf("%s: stored %s, children give %s", p.String(), v, want)
			}
		}
	}
}

// The mirror image and the flipped form (prover as second player, seen
// upside down), and both, probe the same; and for the default prover.
func TestProbeSymmetry(t *testing.T) {
	db := fixture(t)
	r := engine.NewRand(13)
	for _, c := range fixtureClasses() {
		for i := 0; i < 500; i++ {
			p := randomPosition(r, c)
			v, err := db.Probe(&p, engine.First)
			if err != nil {
				t.Fatal(err)
			}
			m := p.Mirrored()
			sw := p.Swapped()
			swm := sw.Mirrored()
			for _, q := range []struct {
				p      engine.Position
				prover engine.Player
			}{{m, engine.First}, {sw, engine.Second}, {swm, engine.Second}} {
				w, err := db.Probe(&q.p, q.prover)
				if err != nil || w != v {
					t.Fatalf("%s: %s, but %s (prover %s): %s %v", p.String(), v, q.p.String(), q.prover, w, err)
				}
				dp, _ := purple.DefaultProver(&q.p)
				if dp != q.prover {
					t.Fatalf("%s: default prover %s", q.p.String(), dp)
				}
			}
		}
	}
}

func TestNotInTable(t *testing.T) {
	db := fixture(t)
	for _, s := range []string{
		"uuu3/B5/R5/6/6/1R4 f R2r2", // 1B2R-3U2r: 6 pieces, not built
		"ur4/B5/R5/6/6/6 f R1r1",    // the opponent shows a red
		"rb1B2/6/R5/6/6/6 f R1r1 0", // both shown: the prover is the side to move, the opponent shows colours
		"uu1U2/6/U5/6/6/6 f R1r1 0", // no side shows its colours
	} {
		p := engine.MustParsePosition(s)
		prover, _ := purple.DefaultProver(&p)
		_, err := db.Probe(&p, prover)
		if !errors.Is(err, ErrNotInTable) {
			t.Errorf("%s: %v, want ErrNotInTable", s, err)
		}
	}
	p := engine.MustParsePosition("uuu3/B5/R5/6/6/1R4 f R2r2")
	if _, err := db.Probe(&p, engine.First); err == nil || !strings.Contains(err.Error(), "1B2R-3U2r") {
		t.Errorf("the error does not name the class: %v", err)
	}
	if db.Has(purple.Class{Blues: 1, Reds: 2, OppPieces: 3, OppReds: 2}) || db.Has(purple.Class{Blues: 9}) {
		t.Error("Has reports a class that is not built")
	}
	// a finished game
	q := engine.MustParsePosition("B5/6/6/6/R5/u4u f R1r1")
	g := purple.Game{Pos: q, Prover: engine.First}
	g.Make(engine.NewMove(engine.Sq(0, 1), engine.Sq(0, 0)))
	if _, err := db.Probe(&g.Pos, engine.First); !errors.Is(err, ErrGameOver) {
		t.Errorf("finished game: %v", err)
	}
}

// Lines from BestMove: a win of DTW n ends in a prover win after exactly n
// plies, a loss of DTL n in the opponent's after n, and every step keeps
// the value one ply shorter.
func TestBestMoveLines(t *testing.T) {
	db := fixture(t)
	r := engine.NewRand(14)
	for _, c := range fixtureClasses() {
		for i := 0; i < 300; i++ {
			p := randomPosition(r, c)
			if r.Intn(2) == 0 {
				p = p.Swapped()
			}
			prover, _ := purple.DefaultProver(&p)
			v, err := db.Probe(&p, prover)
			if err != nil {
				t.Fatal(err)
			}
			if v.Result == purple.Ongoing {
				m, _, err := db.BestMove(&p, prover)
				if err != nil || !p.IsLegal(m) {
					t.Fatalf("%s: neither, move %s %v", p.String(), m, err)
				}
				continue
			}
			line, err := db.Line(&p, prover, 200)
			if err != nil {
				t.Fatal(err)
			}
			q := p
			for k, m := range line {
				if !q.IsLegal(m) {
					t.Fatalf("%s: line %v: %s illegal", p.String(), line, m)
				}
				q.Make(m)
				if q.Outcome() == engine.Ongoing {
					w, err := db.Probe(&q, prover)
					if err != nil || w.Result != v.Result || w.Plies != v.Plies-k-1 {
						t.Fatalf("%s: after %v: %s %v", p.String(), line[:k+1], w, err)
					}
				}
			}
			if len(line) != v.Plies || purple.ValueOf(&q, prover) != v.Result {
				t.Fatalf("%s (%s): line %v ends %v", p.String(), v, line, q.Outcome())
			}
		}
	}
}

func TestScan(t *testing.T) {
	db := fixture(t)
	c := purple.Class{Blues: 1, Reds: 1, OppPieces: 2, OppReds: 1}
	seen := map[purple.Key]bool{}
	var count [2]uint64
	var wins [2]uint64
	err := db.Scan(context.Background(), c, func(p engine.Position, v Entry) error {
		k := purple.KeyOf(&p, engine.First)
		if seen[k] {
			t.Fatalf("%s visited twice (or its mirror image)", p.String())
		}
		seen[k] = true
		s := int(p.Turn())
		count[s]++
		if v.Result == purple.Win {
			wins[s]++
		}
		if len(seen)%97 == 0 {
			w, err := db.Probe(&p, engine.First)
			if err != nil || w != v {
				t.Fatalf("%s: scan %s, probe %s %v", p.String(), v, w, err)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	// Every position is its mirror image's pair: the scan visits half of
	// the positions plus the self-symmetric ones (none here: a single blue
	// is never on the mirror axis).
	for s := 0; s < 2; s++ {
		if 2*count[s] != classSize(c) {
			t.Errorf("side %d: %d visited, class has %d", s, count[s], classSize(c))
		}
	}
	m, _ := db.Manifest(c)
	if 2*wins[0] != m.Wins[0] || 2*wins[1] != m.Wins[1] {
		t.Errorf("scan wins %v, manifest %v", wins, m.Wins)
	}
	stop := errors.New("stop")
	if err := db.Scan(context.Background(), c, func(engine.Position, Entry) error { return stop }); err != stop {
		t.Errorf("scan does not return fn's error: %v", err)
	}
}

// ScanWhere offers keep every entry Scan visits, in Scan's order, and
// gives fn exactly the positions of the entries keep accepts.
func TestScanWhere(t *testing.T) {
	db := fixture(t)
	c := purple.Class{Blues: 1, Reds: 1, OppPieces: 2, OppReds: 1}
	type visit struct {
		proverToMove bool
		v            Entry
	}
	var all []visit
	var positions []engine.Position
	err := db.Scan(context.Background(), c, func(p engine.Position, v Entry) error {
		all = append(all, visit{p.Turn() == engine.First, v})
		positions = append(positions, p)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var offered []visit
	var want []engine.Position
	n := 0
	keep := func(proverToMove bool, v Entry) bool {
		offered = append(offered, visit{proverToMove, v})
		// Every third prover-to-move win: an answer that depends on
		// the order of the calls.
		if v.Result == purple.Win && proverToMove {
			n++
			if n%3 == 0 {
				want = append(want, positions[len(offered)-1])
				return true
			}
		}
		return false
	}
	var got []engine.Position
	err = db.ScanWhere(context.Background(), c, keep, func(p engine.Position, v Entry) error {
		if w := all[len(offered)-1]; v != w.v {
			t.Fatalf("%s: fn got %v for an entry offered as %v", p.String(), v, w.v)
		}
		got = append(got, p)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(offered, all) {
		t.Fatalf("keep was offered %d entries, Scan visits %d (or in another order)", len(offered), len(all))
	}
	if len(want) < 100 || !slices.Equal(got, want) {
		t.Fatalf("fn got %d positions, keep accepted %d", len(got), len(want))
	}
}

func TestConcurrentProbes(t *testing.T) {
	base := fixture(t)
	// A second handle on a copy would need another directory; use a small
	// cache on the same data instead by resetting and shrinking it.
	db := &DB{bdb: base.bdb, parts: base.parts, dir: base.dir, opts: base.opts, manifests: base.manifests, dec: base.dec, cache: newBlockCache(cacheShards * 2)}
	for _, c := range fixtureClasses() {
		db.info(c).src.Store(base.bdb)
		db.info(c).complete.Store(true)
	}
	r := engine.NewRand(15)
	type probe struct {
		p engine.Position
		v Entry
	}
	var ps []probe
	for _, c := range fixtureClasses() {
		for i := 0; i < 400; i++ {
			p := randomPosition(r, c)
			v, err := base.Probe(&p, engine.First)
			if err != nil {
				t.Fatal(err)
			}
			ps = append(ps, probe{p, v})
		}
	}
	var wg sync.WaitGroup
	errs := make(chan error, 16)
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for k := 0; k < 3; k++ {
				for i := range ps {
					j := (i*7 + g*131 + k) % len(ps)
					v, err := db.Probe(&ps[j].p, engine.First)
					if err != nil || v != ps[j].v {
						errs <- fmt.Errorf("%s: %s %v, want %s", ps[j].p.String(), v, err, ps[j].v)
						return
					}
				}
			}
		}(g)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
}

// rawBlocks returns every stored block value of c, by key.
func rawBlocks(t *testing.T, db *DB, c purple.Class) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	for s := 0; s < 2; s++ {
		err := db.bdb.View(func(txn *badger.Txn) error {
			it := txn.NewIterator(badger.IteratorOptions{Prefix: blockPrefix(c, s), PrefetchValues: true})
			defer it.Close()
			for it.Rewind(); it.Valid(); it.Next() {
				v, err := it.Item().ValueCopy(nil)
				if err != nil {
					return err
				}
				out[string(it.Item().KeyCopy(nil))] = v
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// A build cancelled halfway through a class leaves that class incomplete;
// building again resumes (the finished class is kept) and gives the same
// bytes as an uninterrupted build.
func TestResumeAfterCancel(t *testing.T) {
	ref := fixture(t)
	dir := t.TempDir()
	db, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	small := purple.Class{Blues: 1, Reds: 1, OppPieces: 2, OppReds: 1}
	big := purple.Class{Blues: 1, Reds: 1, OppPieces: 3, OppReds: 2}
	ctx, cancel := context.WithCancel(context.Background())
	var sawRetro bool
	_, err = Build(ctx, db, []purple.Class{big}, BuildOptions{ProgressEvery: time.Millisecond, Progress: func(p Progress) {
		if p.Class == big && p.Phase == "retro" && p.Level >= 3 {
			sawRetro = true
			cancel()
		}
	}})
	cancel()
	if !errors.Is(err, context.Canceled) || !sawRetro {
		t.Fatalf("cancelled build: %v (cancelled in the retrograde levels: %v)", err, sawRetro)
	}
	if !db.Has(small) || db.Has(big) {
		t.Fatalf("after cancel: has %s %v, has %s %v", small, db.Has(small), big, db.Has(big))
	}
	if m, ok := db.Manifest(big); !ok || m.Complete {
		t.Fatalf("manifest of the interrupted class: %+v %v", m, ok)
	}
	p := randomPosition(engine.NewRand(1), big)
	if _, err := db.Probe(&p, engine.First); !errors.Is(err, ErrNotInTable) {
		t.Fatalf("probing the interrupted class: %v", err)
	}
	// Reopen, as a new process would, and resume.
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	if db, err = Open(dir); err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if db.Has(big) || !db.Has(small) {
		t.Fatal("reopened store: wrong completeness")
	}
	rep, err := Build(context.Background(), db, []purple.Class{big}, BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Classes) != 2 || rep.Classes[0].Built || !rep.Classes[1].Built {
		t.Fatalf("resumed build: %+v", rep.Classes)
	}
	for _, c := range []purple.Class{small, big} {
		a, b := rawBlocks(t, ref, c), rawBlocks(t, db, c)
		if len(a) != len(b) || len(a) == 0 {
			t.Fatalf("%s: %d blocks, uninterrupted %d", c, len(b), len(a))
		}
		for k, v := range a {
			if string(b[k]) != string(v) {
				t.Fatalf("%s: block %x differs", c, k)
			}
		}
		ta, err1 := ref.loadTable(c, nil)
		tb, err2 := db.loadTable(c, nil)
		if err1 != nil || err2 != nil || string(ta.vals[0]) != string(tb.vals[0]) || string(ta.vals[1]) != string(tb.vals[1]) {
			t.Fatalf("%s: values differ (%v %v)", c, err1, err2)
		}
	}
}

// A corrupted block is an error for Probe, Scan and Verify, never a value.
func TestCorruptBlock(t *testing.T) {
	dir := t.TempDir()
	db, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	c := purple.Class{Blues: 1, Reds: 1, OppPieces: 2, OppReds: 1}
	if _, err := Build(context.Background(), db, []purple.Class{c}, BuildOptions{}); err != nil {
		t.Fatal(err)
	}
	ci := db.info(c)
	r := engine.NewRand(16)
	for _, how := range []string{"payload", "checksum", "length", "missing"} {
		// a position in block 3 of the opponent-to-move side
		var p engine.Position
		for {
			p = randomPosition(r, c)
			x, s := fromPosition(&p, engine.First)
			if s == sideO && ci.lay[s].folded(&x)/blockSize == 3 {
				break
			}
		}
		if _, err := db.Probe(&p, engine.First); err != nil {
			t.Fatal(err)
		}
		key := blockKey(c, sideO, 3)
		var orig []byte
		db.bdb.View(func(txn *badger.Txn) error {
			it, _ := txn.Get(key)
			orig, _ = it.ValueCopy(nil)
			return nil
		})
		bad := append([]byte(nil), orig...)
		switch how {
		case "payload":
			bad[len(bad)-5] ^= 0x10
		case "checksum":
			bad[7] ^= 1
		case "length":
			bad[4] ^= 1
		}
		err := db.bdb.Update(func(txn *badger.Txn) error {
			if how == "missing" {
				return txn.Delete(key)
			}
			return txn.Set(key, bad)
		})
		if err != nil {
			t.Fatal(err)
		}
		db.cache.reset()
		if v, err := db.Probe(&p, engine.First); !errors.Is(err, ErrCorrupt) {
			t.Errorf("%s: probe gave %s, %v", how, v, err)
		}
		if err := db.Scan(context.Background(), c, func(engine.Position, Entry) error { return nil }); !errors.Is(err, ErrCorrupt) {
			t.Errorf("%s: scan gave %v", how, err)
		}
		rep, err := Verify(context.Background(), db, []purple.Class{c}, nil)
		if err != nil || rep.OK() || rep.BadBlocks != 1 || !strings.Contains(strings.Join(rep.Classes[0].Problems, " "), "block 3") {
			t.Errorf("%s: verify %v, %+v", how, err, rep.Classes)
		}
		db.bdb.Update(func(txn *badger.Txn) error { return txn.Set(key, orig) })
		db.cache.reset()
		if v, err := db.Probe(&p, engine.First); err != nil {
			t.Fatalf("restored: %s %v", v, err)
		}
	}
	if rep, err := Verify(context.Background(), db, []purple.Class{c}, nil); err != nil || !rep.OK() {
		t.Fatalf("restored: %v %+v", err, rep)
	}
	// A wrong value that still passes its checksum is caught by the
	// Bellman check: rewrite block 3 consistently with one byte changed.
	tb, _ := db.loadTable(c, nil)
	lo := uint64(3) * blockSize
	raw := append([]byte(nil), tb.vals[sideO][lo:lo+blockSize]...)
	raw[100] ^= 0x01
	enc, _ := zstd.NewWriter(nil)
	key := blockKey(c, sideO, 3)
	db.bdb.Update(func(txn *badger.Txn) error { return txn.Set(key, encodeBlock(enc, key, raw)) })
	db.cache.reset()
	rep, err := Verify(context.Background(), db, []purple.Class{c}, nil)
	if err != nil || rep.OK() || rep.Disagreements == 0 || len(rep.Samples) == 0 {
		t.Fatalf("changed value: %v %+v", err, rep)
	}
	t.Logf("one changed value: %d disagreements, e.g. %+v", rep.Disagreements, rep.Samples[0])
}

// The verifier's fast Bellman expectation (full layouts, incremental child
// indices) against the plain one (folded lookups).
func TestExpectedAgreesWithPlain(t *testing.T) {
	db := fixture(t)
	r := engine.NewRand(17)
	loaded := map[purple.Class]*table{}
	for _, c := range fixtureClasses() {
		tb, err := db.loadTable(c, nil)
		if err != nil {
			t.Fatal(err)
		}
		loaded[c] = tb
	}
	for _, c := range []purple.Class{{Blues: 1, Reds: 1, OppPieces: 2, OppReds: 1}, {Blues: 1, Reds: 1, OppPieces: 3, OppReds: 2}} {
		tb := loaded[c]
		ct, err := newCapTables(c, loaded)
		if err != nil {
			t.Fatal(err)
		}
		full, err := unfoldTable(context.Background(), tb, 2)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 2000; i++ {
			s := r.Intn(2)
			x := tb.lay[s].board(r.Uint64() % tb.lay[s].size)
			if full[s][tb.lay[s].index(&x)] != tb.lookup(s, &x) {
				t.Fatalf("%s: unfolded value differs", c)
			}
			chi := childIndexer{lc: tb.lay[1-s]}
			if a, b := expected(&full, &ct, &chi, s, &x), plainExpected(tb, &ct, s, &x); a != b {
				t.Fatalf("%s %+v side %d: fast %#x, plain %#x", c, x, s, a, b)
			}
		}
	}
}

// plainExpected is expected computed plainly: every quiet move made on
// the board and its child looked up in t's folded values.
func plainExpected(t *table, ct *capTables, s int, x *board) uint8 {
	bm := newBellman(ct, s, x)
	if bm.good == 0 {
		return 1 | goodBit[s]
	}
	var own uint64
	if s == sideP {
		own = x.b | x.r
	} else {
		own = x.o
	}
	empty := mask36 &^ (x.b | x.r | x.o)
	cs := 1 - s
	for d := 0; d < 4; d++ {
		for to := step(d, own) & empty; to != 0; to &= to - 1 {
			tb := to & -to
			fb := tb
			switch d {
			case 0:
				fb = tb << 6
			case 1:
				fb = tb >> 6
			case 2:
				fb = tb << 1
			default:
				fb = tb >> 1
			}
			y := *x
			switch {
			case s == sideO:
				y.o ^= tb | fb
			case x.b&fb != 0:
				y.b ^= tb | fb
			default:
				y.r ^= tb | fb
			}
			bm.add(t.lookup(cs, &y))
		}
	}
	return bm.value()
}
