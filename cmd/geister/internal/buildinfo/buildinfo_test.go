package buildinfo

import "testing"

func TestString(t *testing.T) {
	for _, c := range []struct {
		v    Info
		want string
	}{
		{Info{Version: "(devel)", Go: "go1.26"}, "geister (devel) go1.26"},
		{Info{Version: "v1.0.0", Commit: "abc", Dirty: true, Time: "2026-01-01T00:00:00Z", Go: "go1.26"}, "geister v1.0.0 commit abc+dirty (2026-01-01T00:00:00Z) go1.26"},
		{Info{Version: "v1.0.0", Commit: "abc", Go: "go1.26"}, "geister v1.0.0 commit abc go1.26"},
	} {
		if got := c.v.String(); got != c.want {
			t.Errorf("%+v: %q, want %q", c.v, got, c.want)
		}
	}
	if v := Read(); v.Version == "" || v.Go == "" {
		t.Errorf("Read: %+v", v)
	}
}
