package tournament

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/match"
	"github.com/geister-solver/geister/player"
	"github.com/geister-solver/geister/solver"
)

func runFile(t *testing.T, ctx context.Context, cfg Config, name string) ([]Game, error) {
	t.Helper()
	f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	return Run(ctx, cfg, f)
}

func sortedLines(t *testing.T, name string) []string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	head, rest := lines[0], lines[1:]
	f, _ := os.Open(name)
	defer f.Close()
	_, rs, err := ReadResults(f)
	if err != nil {
		t.Fatal(err)
	}
	if len(rs) != len(rest) {
		t.Fatalf("%d results from %d lines", len(rs), len(rest))
	}
	for i := range rest { // the move times are the clock's, not the game's
		rest[i] = moveTimes.ReplaceAllString(rest[i], "")
	}
	sort.Slice(rest, func(i, j int) bool { return rest[i] < rest[j] })
	return append([]string{head}, rest...)
}

var moveTimes = regexp.MustCompile(`,"move_times":\[[^]]*\]`)

func TestResumeGivesSameResults(t *testing.T) {
	dir := t.TempDir()
	cfg := Config{Agents: []string{"random", "chototsu", "blue-chototsu"}, Games: 20, Seed: 7, Threads: 2}
	full := filepath.Join(dir, "full.jsonl")
	all, err := runFile(t, context.Background(), cfg, full)
	if err != nil || len(all) != 60 {
		t.Fatalf("uninterrupted: %d results, %v", len(all), err)
	}
	// An interruption: the first 17 games of the full run (in finish
	// order), as a run stopped after them leaves the file.
	part := filepath.Join(dir, "part.jsonl")
	b, _ := os.ReadFile(full)
	lines := strings.SplitAfter(string(b), "\n")
	os.WriteFile(part, []byte(strings.Join(lines[:18], "")), 0o644)
	got := all[:17]
	c := cfg
	// And a real cancellation leaves a file that resumes too.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := runFile(t, ctx, c, filepath.Join(dir, "cancelled.jsonl")); err == nil {
		t.Fatal("a cancelled tournament reports no error")
	}
	if r, err := runFile(t, context.Background(), c, filepath.Join(dir, "cancelled.jsonl")); err != nil || len(r) != 60 {
		t.Fatalf("resuming the cancelled tournament: %d results, %v", len(r), err)
	}
	c.Threads = 1 // resuming with another thread count is allowed
	c.Progress = func(p Progress) {
		if p.Resumed != len(got) {
			t.Errorf("resumed %d, want %d", p.Resumed, len(got))
		}
	}
	got2, err := runFile(t, context.Background(), c, part)
	if err != nil || len(got2) != 60 {
		t.Fatalf("resumed: %d results, %v", len(got2), err)
	}
	a, b2 := sortedLines(t, full), sortedLines(t, part)
	if strings.Join(a, "\n") != strings.Join(b2, "\n") {
		t.Fatalf("resumed file differs from the uninterrupted one")
	}
	// Resuming a finished tournament plays nothing more.
	got3, err := runFile(t, context.Background(), cfg, part)
	if err != nil || len(got3) != 60 || len(sortedLines(t, part)) != 61 {
		t.Fatalf("finished: %d results, %v", len(got3), err)
	}
	// Other settings are an error.
	c.Seed = 8
	if _, err := runFile(t, context.Background(), c, part); err == nil || !strings.Contains(err.Error(), "another tournament") {
		t.Fatalf("other seed: %v", err)
	}
}

func TestCorruptLineReported(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "r.jsonl")
	cfg := Config{Agents: []string{"random", "chototsu"}, Games: 6, Seed: 1, Threads: 1}
	if _, err := runFile(t, context.Background(), cfg, name); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(name)
	lines := strings.SplitAfter(string(b), "\n")
	// Truncate the fourth line (a game) half-way.
	bad := strings.Join(lines[:3], "") + lines[3][:len(lines[3])/2] + "\n" + strings.Join(lines[4:], "")
	os.WriteFile(name, []byte(bad), 0o644)
	_, err := runFile(t, context.Background(), cfg, name)
	if err == nil || !strings.Contains(err.Error(), "line 4") {
		t.Fatalf("truncated line 4: %v", err)
	}
	// A wrong result value too.
	bad = strings.Join(lines[:2], "") + strings.Replace(lines[2], `"result":"`, `"result":"x`, 1) + strings.Join(lines[3:], "")
	os.WriteFile(name, []byte(bad), 0o644)
	if _, err := runFile(t, context.Background(), cfg, name); err == nil || !strings.Contains(err.Error(), "line 3") {
		t.Fatalf("bad result on line 3: %v", err)
	}
}

func FuzzReadResults(f *testing.F) {
	f.Add("{\"tournament\":{\"agents\":[\"random\",\"chototsu\"],\"games\":2,\"seed\":1,\"ply_limit\":0}}\n{\"pair\":0,\"game\":0}\n")
	f.Add("")
	f.Fuzz(func(t *testing.T, s string) {
		ReadResults(strings.NewReader(s))
	})
}

// A tournament cancelled while games are in flight resumes to the same
// games as one run straight through.
func TestCancelMidRunResumes(t *testing.T) {
	dir := t.TempDir()
	cfg := Config{Agents: []string{"purplemax:depth=2,dfpn=0", "chototsu", "random"}, Games: 6, Seed: 3, Threads: 2}
	full := filepath.Join(dir, "full.jsonl")
	if rs, err := runFile(t, context.Background(), cfg, full); err != nil || len(rs) != 18 {
		t.Fatalf("uninterrupted: %d, %v", len(rs), err)
	}
	part := filepath.Join(dir, "part.jsonl")
	ctx, cancel := context.WithCancel(context.Background())
	c := cfg
	c.Progress = func(p Progress) {
		if p.Done >= 5 {
			cancel()
		}
	}
	rs, err := runFile(t, ctx, c, part)
	if err == nil && len(rs) != 18 || err != nil && len(rs) >= 18 {
		t.Fatalf("cancelled: %d results, %v", len(rs), err)
	}
	t.Logf("cancelled after %d of 18 games (%v)", len(rs), err)
	if len(sortedLines(t, part)) != len(rs)+1 {
		t.Fatalf("the file holds other games than the %d returned", len(rs))
	}
	if _, err := runFile(t, context.Background(), cfg, part); err != nil {
		t.Fatal(err)
	}
	if strings.Join(sortedLines(t, full), "\n") != strings.Join(sortedLines(t, part), "\n") {
		t.Fatal("resumed file differs from the uninterrupted one")
	}
}

// Games are played round by round: with one worker, the first games
// played are game 0 of every pairing, then game 1 of each.
func TestRoundByRound(t *testing.T) {
	cfg := Config{Agents: []string{"random", "chototsu", "blue-chototsu", "red-chototsu"}, Games: 4, Seed: 5, Threads: 1}
	s, err := cfg.Settings()
	if err != nil {
		t.Fatal(err)
	}
	pairs := len(s.Pairings())
	rs, err := runFile(t, context.Background(), cfg, filepath.Join(t.TempDir(), "r.jsonl"))
	if err != nil || len(rs) != pairs*cfg.Games {
		t.Fatalf("%d games, %v", len(rs), err)
	}
	for i, r := range rs {
		if r.Game != i/pairs || r.Pair != i%pairs {
			t.Fatalf("game %d played was pair %d game %d, want pair %d game %d", i, r.Pair, r.Game, i%pairs, i/pairs)
		}
	}
}

// resultLines returns the game lines of a results file, sorted, without
// its header lines.
func resultLines(t *testing.T, name string) []string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, l := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		if !strings.HasPrefix(l, `{"tournament":`) {
			out = append(out, moveTimes.ReplaceAllString(l, ""))
		}
	}
	sort.Strings(out)
	return out
}

// A tournament resumed with more games a pairing plays the games it lacks
// and ends with the same games as one run with that many from the start;
// fewer games, or more for a file whose seeds depend on the games a
// pairing, are errors that say what to give.
func TestExtendToMoreGames(t *testing.T) {
	dir := t.TempDir()
	ctx := context.Background()
	cfg := Config{Agents: []string{"random", "chototsu", "blue-chototsu"}, Games: 6, Seed: 9, Threads: 2}
	full := filepath.Join(dir, "full.jsonl")
	if rs, err := runFile(t, ctx, cfg, full); err != nil || len(rs) != 18 {
		t.Fatalf("straight: %d, %v", len(rs), err)
	}
	grown := filepath.Join(dir, "grown.jsonl")
	small := cfg
	small.Games = 2
	if rs, err := runFile(t, ctx, small, grown); err != nil || len(rs) != 6 {
		t.Fatalf("2 games: %d, %v", len(rs), err)
	}
	small.Games = 4
	if rs, err := runFile(t, ctx, small, grown); err != nil || len(rs) != 12 {
		t.Fatalf("grown to 4: %d, %v", len(rs), err)
	}
	if rs, err := runFile(t, ctx, cfg, grown); err != nil || len(rs) != 18 {
		t.Fatalf("grown to 6: %d, %v", len(rs), err)
	}
	a, b := resultLines(t, full), resultLines(t, grown)
	if strings.Join(a, "\n") != strings.Join(b, "\n") {
		t.Fatalf("the grown file's %d games differ from the straight run's %d", len(b), len(a))
	}
	s, rs, err := ReadResultsFile(grown)
	if err != nil || s.Games != 6 || len(rs) != 18 {
		t.Fatalf("reading the grown file: games %d, %d results, %v", s.Games, len(rs), err)
	}
	small.Games = 3
	if _, err := runFile(t, ctx, small, grown); err == nil || !strings.Contains(err.Error(), "--games 6 or more") {
		t.Fatalf("fewer games: %v", err)
	}

	// A file written before seeds stopped depending on the games a
	// pairing (Seeding 0) still resumes, with its own seeds, but cannot
	// grow.
	legacy := filepath.Join(dir, "legacy.jsonl")
	s0, err := cfg.Settings()
	if err != nil {
		t.Fatal(err)
	}
	s0.Seeding = 0
	head, _ := json.Marshal(header{s0})
	if err := os.WriteFile(legacy, append(head, '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
	if rs, err := runFile(t, ctx, cfg, legacy); err != nil || len(rs) != 18 {
		t.Fatalf("legacy resumed: %d, %v", len(rs), err)
	}
	_, rs, err = ReadResultsFile(legacy)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rs {
		if r.Seed != match.GameSeed(cfg.Seed, r.Pair*cfg.Games+r.Game) {
			t.Fatalf("legacy pair %d game %d: seed %d is not the old seeding's", r.Pair, r.Game, r.Seed)
		}
	}
	more := cfg
	more.Games = 8
	if _, err := runFile(t, ctx, more, legacy); err == nil || !strings.Contains(err.Error(), "--games 6 to resume") {
		t.Fatalf("growing a legacy file: %v", err)
	}
	// A header in the middle that changes more than the games is refused.
	bad := filepath.Join(dir, "bad.jsonl")
	other := s0
	other.Seeding, other.Seed = 1, 10
	first := s0
	first.Seeding = 1
	b1, _ := json.Marshal(header{first})
	b2, _ := json.Marshal(header{other})
	os.WriteFile(bad, []byte(string(b1)+"\n"+string(b2)+"\n"), 0o644)
	if _, _, err := ReadResultsFile(bad); err == nil || !strings.Contains(err.Error(), "line 2") {
		t.Fatalf("a second header of another tournament: %v", err)
	}
}

// The results files in docs read: the placement study, written before
// tournaments could grow (old seeding), and the full field, played to 30
// games a pairing and grown to 40 (a second header line).
func TestDocsResultsFilesRead(t *testing.T) {
	s, rs, err := ReadResultsFile("../docs/placement-study.jsonl")
	if err != nil || s.Seeding != 0 || len(rs) != len(s.Pairings())*s.Games {
		t.Fatalf("placement study: seeding %d, %d results, %v", s.Seeding, len(rs), err)
	}
	s, rs, err = ReadResultsFile("../docs/tournament-field.jsonl")
	if err != nil || s.Seeding != 1 || s.Games != 40 || len(rs) != len(s.Pairings())*s.Games {
		t.Fatalf("field: seeding %d, %d games a pairing, %d results, %v", s.Seeding, s.Games, len(rs), err)
	}
	b, err := os.ReadFile("../docs/tournament-field.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(b), `{"tournament":`); n != 2 {
		t.Fatalf("field: %d header lines, want 2 (played to 30, grown to 40)", n)
	}
	// The strongest agent's files: each reads, and those that keep moves
	// give records that replay to their results.
	files, _ := filepath.Glob("../docs/strongest-*.jsonl")
	if len(files) == 0 {
		t.Fatal("no docs/strongest-*.jsonl")
	}
	for _, name := range files {
		_, rs, err := ReadResultsFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if len(rs[0].Moves) == 0 {
			continue
		}
		data, _ := os.ReadFile(name)
		recs, err := Records(bytes.NewReader(data))
		if err != nil || len(recs) != len(rs) {
			t.Fatalf("%s: %d records of %d games, %v", name, len(recs), len(rs), err)
		}
		for i := range recs {
			if _, _, err := recs[i].Replay(); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
		}
	}
}

// countingStore is a proof store that counts the questions asked of it
// and settles none.
type countingStore struct{ asked atomic.Int64 }

func (c *countingStore) Lookup(solver.Question) (solver.Answer, bool) {
	c.asked.Add(1)
	return solver.Answer{}, false
}
func (c *countingStore) Record(solver.Question, solver.Answer) {}

// A tournament never asks the proof store of its Env: games depend on
// their seeds only.
func TestTournamentIgnoresProofStore(t *testing.T) {
	st := &countingStore{}
	cfg := Config{Agents: []string{"purplemax:depth=2", "random"}, Games: 4, Seed: 1, PlyLimit: 40, Threads: 2, Env: player.DefaultEnv().WithStore(st)}
	if rs, err := runFile(t, context.Background(), cfg, filepath.Join(t.TempDir(), "r.jsonl")); err != nil || len(rs) != 4 {
		t.Fatalf("%d games, %v", len(rs), err)
	}
	if n := st.asked.Load(); n != 0 {
		t.Fatalf("the tournament asked the proof store %d times", n)
	}
}

// TestResultsKeepMoves checks that a results file keeps every game's
// moves, that Records turns them into match records whose replay ends as
// the file says, and that a file without moves is refused by name.
func TestResultsKeepMoves(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.jsonl")
	cfg := Config{Agents: []string{"random", "chototsu"}, Games: 6, Seed: 3, Threads: 2, PlyLimit: 200}
	games, err := runFile(t, context.Background(), cfg, path)
	if err != nil || len(games) != 6 {
		t.Fatalf("%d games, %v", len(games), err)
	}
	data, _ := os.ReadFile(path)
	if !IsResults(data) || IsResults([]byte(`{"game":0}`)) {
		t.Fatal("IsResults does not tell a results file from a record")
	}
	recs, err := Records(bytes.NewReader(data))
	if err != nil || len(recs) != 6 {
		t.Fatalf("Records: %d, %v", len(recs), err)
	}
	for i := range recs {
		rec := &recs[i]
		if rec.Game != i || len(rec.Moves) != rec.Plies || rec.Plies == 0 {
			t.Fatalf("record %d: game %d, %d moves, %d plies", i, rec.Game, len(rec.Moves), rec.Plies)
		}
		ps, _, err := rec.Replay()
		if err != nil {
			t.Fatalf("record %d: %v", i, err)
		}
		w, ok := ps[len(ps)-1].OutcomeWithLimit(200).Winner()
		if want := rec.Result; !ok || (w == engine.First) != (want == "first") {
			t.Fatalf("record %d: the replay ends %v, the file says %s", i, ps[len(ps)-1].OutcomeWithLimit(200), want)
		}
	}
	// Every game keeps its sides' move times: a mean at most the
	// longest, which is at least the mean of one move.
	_, gs, err := ReadResults(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range gs {
		if len(g.MoveTimes) != 2 || g.MoveTimes[0].Moves != (g.Plies+1)/2 || g.MoveTimes[1].Moves != g.Plies/2 {
			t.Fatalf("game %d: %d plies, move times %+v", g.Game, g.Plies, g.MoveTimes)
		}
		for side, m := range g.MoveTimes {
			if m.MeanMS <= 0 || m.MeanMS > m.MaxMS {
				t.Errorf("game %d side %d: move times %+v", g.Game, side, m)
			}
		}
	}
	// The same file without its moves: refused, naming the game.
	old := regexp.MustCompile(`,"moves":\[[^]]*\]`).ReplaceAll(data, nil)
	if _, err := Records(bytes.NewReader(old)); err == nil || !strings.Contains(err.Error(), "kept no moves") {
		t.Fatalf("a file without moves: %v", err)
	}
}

// TestRateSeveralFiles checks that results files are rated together as
// one field: every agent once, every game, the same ratings as one file
// holding the same games; and that fields without a link between them,
// or of other ply limits, are refused.
func TestRateSeveralFiles(t *testing.T) {
	dir := t.TempDir()
	run := func(name string, limit int, agents ...string) string {
		path := filepath.Join(dir, name)
		cfg := Config{Agents: agents, Games: 4, Seed: 5, Threads: 2, PlyLimit: limit}
		if _, err := runFile(t, context.Background(), cfg, path); err != nil {
			t.Fatal(err)
		}
		return path
	}
	ab := run("ab.jsonl", 200, "random", "chototsu")
	bc := run("bc.jsonl", 200, "chototsu", "blue-chototsu")
	s, games, err := ReadResultsFiles([]string{ab, bc})
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(s.Players(), " "); got != "random chototsu blue-chototsu" || len(games) != 8 {
		t.Fatalf("players %q, %d games", got, len(games))
	}
	one := Settings{Agents: []string{"random", "chototsu", "blue-chototsu"}, PlyLimit: 200}
	if a, b := Rate(s, games, 0, 1), Rate(one, games, 0, 1); a.Text() != b.Text() {
		t.Fatalf("rated together:\n%s\nas one file:\n%s", a.Text(), b.Text())
	}
	de := run("de.jsonl", 200, "naotti10", "red-chototsu")
	if _, _, err := ReadResultsFiles([]string{ab, de}); err == nil || !strings.Contains(err.Error(), "separate fields") {
		t.Fatalf("two unlinked fields: %v", err)
	}
	other := run("other.jsonl", 100, "random", "blue-chototsu")
	if _, _, err := ReadResultsFiles([]string{ab, other}); err == nil || !strings.Contains(err.Error(), "ply limit") {
		t.Fatalf("two ply limits: %v", err)
	}
}
