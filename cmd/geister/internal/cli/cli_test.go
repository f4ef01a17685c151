package cli

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/spf13/pflag"
)

func TestRunExitStatus(t *testing.T) {
	fail := errors.New("it broke")
	cmd := Command{Name: "c", Flags: func(fs *pflag.FlagSet) func(*Env, []string) error {
		return func(e *Env, args []string) error {
			switch strings.Join(args, " ") {
			case "fail":
				return fail
			case "reported":
				return ErrReported
			case "usage":
				return Usagef("bad %s", "input")
			}
			return nil
		}
	}}
	p := &Program{Name: "p", Title: "p: test", Commands: []Command{cmd}}
	for _, c := range []struct {
		args    []string
		code    int
		out, er string
	}{
		{nil, 2, "", "usage: p COMMAND"},
		{[]string{"c"}, 0, "", ""},
		{[]string{"c", "fail"}, 1, "", "p c: it broke\n"},
		{[]string{"c", "reported"}, 1, "", ""},
		{[]string{"c", "usage"}, 2, "", "p c: bad input (see p c --help)\n"},
		{[]string{"c", "--nope"}, 2, "", "p c: unknown flag: --nope (see p c --help)\n"},
		{[]string{"x"}, 2, "", "p: unknown command \"x\" (see p help)\n"},
		{[]string{"help", "x"}, 2, "", "p: unknown command \"x\" (see p help)\n"},
		{[]string{"help", "c"}, 0, "usage: p c [flags]\n", ""},
		{[]string{"--help"}, 0, "commands:\n  c  \n", ""},
	} {
		var out, er bytes.Buffer
		code := p.Run(&Env{Ctx: context.Background(), Stdout: &out, Stderr: &er}, c.args)
		if code != c.code || !strings.Contains(out.String(), c.out) || !strings.Contains(er.String(), c.er) || (c.er == "" && er.Len() > 0) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want %d, %q, %q", c.args, code, out.String(), er.String(), c.code, c.out, c.er)
		}
	}
}

func TestPlainFlagError(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`invalid argument "-1" for "--n" flag: strconv.ParseUint: parsing "-1": invalid syntax`, `invalid argument "-1" for "--n" flag: want a whole number, 0 or more`},
		{`invalid argument "x" for "--n" flag: strconv.ParseInt: parsing "x": invalid syntax`, `invalid argument "x" for "--n" flag: want a whole number`},
		{`invalid argument "x" for "--f" flag: strconv.ParseFloat: parsing "x": invalid syntax`, `invalid argument "x" for "--f" flag: want a number`},
		{`invalid argument "9e99" for "--n" flag: strconv.ParseInt: parsing "9e99": value out of range`, `invalid argument "9e99" for "--n" flag: out of range`},
		{`unknown flag: --x`, `unknown flag: --x`},
	} {
		if got := PlainFlagError(errors.New(c.in)); got != c.want {
			t.Errorf("PlainFlagError(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
