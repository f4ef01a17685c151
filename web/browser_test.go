package web

import (
	"context"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
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
	step("load the page, paste the position, set it and solve", chromedp.Do(ctx,
		chromedp.Navigate(ts.URL+"/"),
		chromedp.WaitVisible(`#board svg`),
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
	// the board shows the position after d1e1 a1a2
	if !strings.Contains(svg, "1u2B1/u5/R5/6/6/6 f R1r1 2") {
		t.Errorf("board after two steps: %s, want 1u2B1/u5/R5/6/6/6 f R1r1 2", svg)
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
}
