package web

import (
	"context"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/geister-solver/geister/engine"
)

// findChromium returns the path of a Chromium or Chrome binary, or "".
func findChromium() string {
	if p := os.Getenv("GEISTER_CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// TestBrowser drives the page in headless Chromium: it pastes a position,
// presses Set and Solve, reads the verdict from the page, steps through
// the line, and saves a screenshot (to $GEISTER_SCREENSHOT if set, else
// into the test's temporary directory).
func TestBrowser(t *testing.T) {
	bin := findChromium()
	if bin == "" {
		t.Skip("no Chromium installed (Debian: apt-get install chromium; or set GEISTER_CHROMIUM): the browser test needs one")
	}
	ts := httptest.NewServer(NewServer(Config{}))
	defer ts.Close()

	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(bin),
		chromedp.NoSandbox, // CI runs as root
		chromedp.WindowSize(1280, 900),
	)
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancel()
	ctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	ctx, cancel = context.WithTimeout(ctx, 90*time.Second)
	defer cancel()

	step := func(what string, err error) {
		t.Helper()
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
	}
	stepperShown := func(when string) bool {
		t.Helper()
		d, err := chromedp.Run(ctx, chromedp.Evaluate[string](`getComputedStyle(document.getElementById("stepper")).display`))
		step("the stepper's display "+when, err)
		return d != "none"
	}
	step("load the page", chromedp.Do(ctx,
		chromedp.Navigate(ts.URL+"/"),
		chromedp.WaitVisible(`#board svg`),
	))
	if stepperShown("on first load") {
		t.Errorf("the stepper shows on first load, with no line to step through")
	}
	step("paste the position, set it and solve", chromedp.Do(ctx,
		chromedp.SetValue(`#pos`, paperPos),
		chromedp.Click(`#load`),
		chromedp.WaitVisible(`#status`),
		chromedp.Sleep(300*time.Millisecond),
		chromedp.Click(`#solve`),
		chromedp.WaitVisible(`#verdict[data-result]`),
	))
	verdict, err := chromedp.Run(ctx, chromedp.Text(`#verdict`))
	step("read the verdict", err)
	res, err := chromedp.Run(ctx, chromedp.AttributeValue(`#verdict`, "data-result"))
	step("read the result", err)
	result := res.Value
	step("step twice along the line", chromedp.Do(ctx,
		chromedp.Click(`#step-next`),
		chromedp.Click(`#step-next`),
		chromedp.Sleep(500*time.Millisecond),
	))
	label, err := chromedp.Run(ctx, chromedp.Text(`#step-label`))
	step("read the step label", err)
	pvText, err := chromedp.Run(ctx, chromedp.Text(`#pv`))
	step("read the line", err)
	svg, err := chromedp.Run(ctx, chromedp.OuterHTML(`#board svg title`))
	step("read the board", err)
	shot, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	step("screenshot", err)
	if result != "win" || !strings.Contains(verdict, "surely wins in exactly 5 plies, with d1e1") {
		t.Errorf("verdict on the page: %q (%s), want a win in exactly 5 with d1e1", verdict, result)
	}
	if label != "2 / 5" {
		t.Errorf("after two steps the label reads %q, want 2 / 5", label)
	}
	// the board shows the position after the line's first two moves, as
	// the page lists them ("1. d1e1", "2. …"; the opponent's reply is one
	// of equally long resistances, whichever the search met first)
	after := engine.MustParsePosition(paperPos + " 0")
	line := moveText.FindAllString(pvText, -1)
	if len(line) < 2 {
		t.Errorf("the line on the page, %q: fewer than two moves", pvText)
	} else if _, err := after.PlayTexts(line[:2]); err != nil {
		t.Errorf("the line on the page, %q: %v", pvText, err)
	} else if want := after.String(); !strings.Contains(svg, want) {
		t.Errorf("board after two steps: %s, want %s (the line on the page: %q)", svg, want, pvText)
	}
	// Play: a game against random as the first player; click c5 then c4.
	step("start a game and move by clicking", chromedp.Do(ctx,
		chromedp.Click(`button[data-tab=play]`),
		chromedp.SetValue(`#agent`, "random"),
		chromedp.SetValue(`#my-reds`, "ABCD"),
		chromedp.Click(`#newgame`),
		chromedp.WaitVisible(`#game-status`),
		chromedp.Sleep(500*time.Millisecond),
		chromedp.Click(`#board rect[data-sq=c5]`),
		chromedp.Sleep(300*time.Millisecond),
		chromedp.Click(`#board rect[data-sq=c4]`),
		chromedp.Sleep(800*time.Millisecond),
	))
	moves, err := chromedp.Run(ctx, chromedp.Text(`#game-moves`))
	step("read the game's moves", err)
	if !strings.HasPrefix(moves, "1. c5c4") || !strings.Contains(moves, "2. ") {
		t.Errorf("moves after clicking c5, c4: %q, want 1. c5c4 and the agent's reply", moves)
	}
	// The Position tab's line stays there: no stepper in the Play tab, and
	// the arrow keys do not draw the old line over the game.
	if stepperShown("in the Play tab") {
		t.Errorf("the Play tab shows the Position tab's stepper")
	}
	step("press the right arrow in the Play tab", chromedp.Do(ctx,
		chromedp.KeyEvent("\ue014"), // ArrowRight
		chromedp.Sleep(300*time.Millisecond),
	))
	gamePos, err := chromedp.Run(ctx, chromedp.Evaluate[string](`game.position`))
	step("read the game's position", err)
	if title, err := chromedp.Run(ctx, chromedp.OuterHTML(`#board svg title`)); err != nil || !strings.Contains(title, gamePos) {
		t.Errorf("after ArrowRight in the Play tab the board shows %q, want the game's %s (%v)", title, gamePos, err)
	}
	// Play the game to its end through the page's API helper, then show it
	// as the page does: the finished board says how the game ended.
	outcome, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(async () => {
		let g = game;
		for (let i = 0; g.outcome === "ongoing" && i < 300; i++) {
			g = await api("POST", "/api/v1/games/" + g.id + "/move", { move: g.legal[i % g.legal.length] });
		}
		showGame(g);
		return g.outcome;
	})()`, chromedp.EvalAwaitPromise))
	step("play the game to its end", err)
	step("wait for the last board", chromedp.Do(ctx, chromedp.Sleep(500*time.Millisecond)))
	over, err := chromedp.Run(ctx, chromedp.OuterHTML(`#board svg`))
	step("read the last board", err)
	last, err := chromedp.Run(ctx, chromedp.Evaluate[string](`game.last`))
	step("read the last move", err)
	if outcome == "ongoing" || !strings.Contains(over, "game over") || strings.Contains(over, "player to move") {
		t.Errorf("the finished game (%s) is drawn without saying it is over: %s", outcome, over)
	}
	if escape := strings.HasSuffix(last, "0") || strings.HasSuffix(last, "7"); escape != strings.Contains(over, "escaped:") {
		t.Errorf("last move %s: the board lists an escaped piece %v, want %v", last, !escape, escape)
	}
	// Analyze: paste the hand-made game of package analysis's tests.
	rec := `{"game":0,"seed":0,"first":"a","second":"b","first_reds":"ABCD","second_reds":"EFGH","moves":["b5b4","b2b3","b4a4"],"result":"draw","reason":"ply limit","plies":3,"ply_limit":3}`
	step("analyze a record", chromedp.Do(ctx,
		chromedp.Click(`button[data-tab=analyze]`),
		chromedp.SetValue(`#record`, rec),
		chromedp.Click(`#analyze`),
		chromedp.WaitVisible(`#analysis tbody tr:nth-child(4)`),
	))
	rows, err := chromedp.Run(ctx, chromedp.Text(`#analysis tbody`))
	step("read the analysis", err)
	if !strings.Contains(rows, "b5b4") || !strings.Contains(rows, "b4a4") {
		t.Errorf("analysis table %q lacks the moves", rows)
	}

	out := os.Getenv("GEISTER_SCREENSHOT")
	if out == "" {
		out = filepath.Join(t.TempDir(), "web-board.png")
	}
	if err := os.WriteFile(out, shot, 0o644); err != nil {
		t.Fatal(err)
	}
	if len(shot) < 10_000 {
		t.Errorf("screenshot of %d bytes: too small to show the board", len(shot))
	}
	t.Logf("screenshot: %s (%d bytes)", out, len(shot))
	if o := os.Getenv("GEISTER_SCREENSHOT"); strings.HasSuffix(o, ".png") {
		// the analysis pane too, beside the first
		step("show ply 2", chromedp.Do(ctx, chromedp.Click(`#analysis tbody tr:nth-child(3)`), chromedp.Sleep(500*time.Millisecond)))
		shot, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
		step("screenshot of the analysis", err)
		if err := os.WriteFile(strings.TrimSuffix(o, ".png")+"-analyze.png", shot, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// moveText matches a move in the page's line ("1. d1e12. b1c1…": the
// items' texts run together).
var moveText = regexp.MustCompile(`[a-f][0-7][a-f][0-7]`)
