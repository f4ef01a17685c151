/* The test and benchmark driver of libgeister, run by capi's Go tests
 * (capi_test.go) and by hand for the speed figures:
 *
 *   harness TABLES probe   < positions   one "geister probe --json" line each
 *   harness TABLES struct  < positions   geister_probe and _value as JSON
 *   harness TABLES solve NODES < positions  "geister solve --json --threads 1 --time 0 --nodes NODES"
 *   harness TABLES threads N < positions N threads probing and solving at
 *                                         once, compared with one thread
 *   harness TABLES bad                   bad input: every code and message
 *   harness TABLES bench SECONDS < positions   probes a CPU-second, solve overhead
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "geister.h"

#define MAXPOS 100000

static char *positions[MAXPOS];
static int npos;
static geister_tables *tables;
static unsigned long long solve_nodes = 2000;

static void read_positions(void) {
  char line[4096];
  while (npos < MAXPOS && fgets(line, sizeof line, stdin)) {
    line[strcspn(line, "\n")] = 0;
    positions[npos++] = strdup(line);
  }
}

/* probe_line is the probe's JSON line, or "CODE MESSAGE" when there is
 * none (an argument error). */
static char *probe_line(const char *pos) {
  char *json = NULL, *err = NULL;
  int code = geister_probe_json(tables, pos, 0, &json, &err);
  char *out;
  if (json) {
    out = strdup(json);
    geister_free(json);
    geister_free(err);
  } else {
    size_t n = strlen(err ? err : "") + 32;
    out = malloc(n);
    snprintf(out, n, "%d %s", code, err ? err : "");
    geister_free(err);
  }
  return out;
}

static char *solve_line(const char *pos) {
  geister_solve_options o;
  geister_solve_options_init(&o);
  o.nodes = solve_nodes;
  o.tables = tables;
  char *json = NULL, *err = NULL;
  int code = geister_solve(pos, &o, &json, &err);
  char *out;
  if (json) {
    out = strdup(json);
    geister_free(json);
    geister_free(err);
  } else {
    size_t n = strlen(err ? err : "") + 32;
    out = malloc(n);
    snprintf(out, n, "%d %s", code, err ? err : "");
    geister_free(err);
  }
  return out;
}

static void print_struct(const char *fn, int code, const geister_probe_result *r, const char *err) {
  printf("{\"fn\":\"%s\",\"code\":%d,\"result\":%d,\"prover\":\"%c\",\"plies\":%d,\"loss_plies\":%d,\"move\":\"%s\",\"error_set\":%d}\n",
         fn, code, r->result, r->prover ? r->prover : '-', r->plies, r->loss_plies, r->move, err != NULL);
}

static int do_struct(void) {
  for (int i = 0; i < npos; i++) {
    geister_probe_result r;
    char *err = NULL;
    int code = geister_probe(tables, positions[i], 0, &r, &err);
    print_struct("probe", code, &r, err);
    geister_free(err);
    err = NULL;
    code = geister_probe_value(tables, positions[i], 0, &r, &err);
    print_struct("value", code, &r, err);
    geister_free(err);
  }
  return 0;
}

/* The threads test: every thread probes and solves every position (from
 * a different start) and compares with the answers of one thread. */
static char **want_probe, **want_solve;
static int nsolve;

/* same compares two answer lines without their "elapsed_ms" field (a
 * time). */
static void strip_elapsed(char *s) {
  char *a = strstr(s, "\"elapsed_ms\":");
  if (!a) return;
  char *b = strchr(a, ',');
  if (!b) b = strchr(a, '}');
  if (b && *b == ',') b++;
  if (b) memmove(a, b, strlen(b) + 1);
}

static int same(const char *x, const char *y) {
  char *a = strdup(x), *b = strdup(y);
  strip_elapsed(a);
  strip_elapsed(b);
  int eq = strcmp(a, b) == 0;
  free(a);
  free(b);
  return eq;
}

static void *worker(void *arg) {
  long id = (long)arg;
  long bad = 0;
  for (int k = 0; k < npos; k++) {
    int i = (k + id * 7) % npos;
    char *got = probe_line(positions[i]);
    if (!same(got, want_probe[i])) {
      fprintf(stderr, "thread %ld probe %s: %s, one thread: %s\n", id, positions[i], got, want_probe[i]);
      bad++;
    }
    free(got);
    if (i < nsolve) {
      got = solve_line(positions[i]);
      if (!same(got, want_solve[i])) {
        fprintf(stderr, "thread %ld solve %s: %s, one thread: %s\n", id, positions[i], got, want_solve[i]);
        bad++;
      }
      free(got);
    }
  }
  return (void *)bad;
}

static int do_threads(int n, int solves) {
  nsolve = solves < npos ? solves : npos;
  want_probe = calloc(npos, sizeof *want_probe);
  want_solve = calloc(npos, sizeof *want_solve);
  for (int i = 0; i < npos; i++) {
    want_probe[i] = probe_line(positions[i]);
    if (i < nsolve) want_solve[i] = solve_line(positions[i]);
  }
  pthread_t th[64];
  if (n > 64) n = 64;
  for (long t = 0; t < n; t++) pthread_create(&th[t], NULL, worker, (void *)t);
  long bad = 0;
  for (int t = 0; t < n; t++) {
    void *r;
    pthread_join(th[t], &r);
    bad += (long)r;
  }
  printf("threads %d positions %d solves %d disagreements %ld\n", n, npos, nsolve, bad);
  return bad != 0;
}

static void report(const char *what, int code, char *err) {
  printf("%s\t%d\t%s\n", what, code, err ? err : "(no message)");
  geister_free(err);
}

static int do_bad(const char *dir) {
  geister_probe_result r;
  char *json = NULL, *err = NULL;
  int code;
  const char *ok = "uu1B2/6/R5/6/6/6 f R1r1";
  const char bad_utf8[] = {'u', 'u', '1', 'B', '2', (char)0xff, (char)0xfe, '/', 0};

  code = geister_tables_open(NULL, &tables, &err); report("open NULL dir", code, err); err = NULL;
  code = geister_tables_open(dir, NULL, &err); report("open NULL handle", code, err); err = NULL;
  code = geister_tables_open("/nonexistent/geister-tables", &tables, &err); report("open missing dir", code, err); err = NULL;
  code = geister_tables_open(bad_utf8, &tables, &err); report("open non-UTF-8 dir", code, err); err = NULL;
  code = geister_tables_open(dir, &tables, &err); report("open", code, err); err = NULL;
  code = geister_probe(NULL, ok, 0, &r, &err); report("probe NULL tables", code, err); err = NULL;
  code = geister_probe(tables, NULL, 0, &r, &err); report("probe NULL position", code, err); err = NULL;
  code = geister_probe(tables, ok, 0, NULL, &err); report("probe NULL result", code, err); err = NULL;
  code = geister_probe(tables, "uu1B2/6/R5/6/6 f R1r1", 0, &r, &err); report("probe malformed", code, err); err = NULL;
  code = geister_probe(tables, bad_utf8, 0, &r, &err); report("probe non-UTF-8", code, err); err = NULL;
  code = geister_probe(tables, ok, 'x', &r, &err); report("probe bad prover", code, err); err = NULL;
  code = geister_probe_value(tables, "", 0, &r, &err); report("probe_value empty", code, err); err = NULL;
  code = geister_probe_json(tables, ok, 0, NULL, &err); report("probe_json NULL json", code, err); err = NULL;
  code = geister_probe_json(tables, "6/6/6/6/6/6 f R0r0", 0, &json, &err); report("probe_json malformed", code, err); err = NULL;
  geister_free(json); json = NULL;
  code = geister_solve(NULL, NULL, &json, &err); report("solve NULL position", code, err); err = NULL;
  code = geister_solve(ok, NULL, NULL, &err); report("solve NULL json", code, err); err = NULL;
  code = geister_solve("nonsense", NULL, &json, &err); report("solve malformed", code, err); err = NULL;
  geister_free(json); json = NULL;
  code = geister_solve(bad_utf8, NULL, &json, &err); report("solve non-UTF-8", code, err); err = NULL;
  geister_solve_options o;
  geister_solve_options_init(&o);
  o.max_plies = -1;
  code = geister_solve(ok, &o, &json, &err); report("solve negative max_plies", code, err); err = NULL;
  geister_solve_options_init(&o);
  o.time_seconds = -1;
  code = geister_solve(ok, &o, &json, &err); report("solve negative time", code, err); err = NULL;
  code = geister_move(NULL, ok, 1, NULL, &json, &err); report("move NULL agent", code, err); err = NULL;
  code = geister_move("nosuchagent", ok, 1, NULL, &json, &err); report("move bad agent", code, err); err = NULL;
  code = geister_move("random", "x", 1, NULL, &json, &err); report("move malformed", code, err); err = NULL;
  code = geister_move("random", ok, 1, NULL, NULL, &err); report("move NULL json", code, err); err = NULL;
  code = geister_tables_close(tables, &err); report("close", code, err); err = NULL;
  code = geister_probe(tables, ok, 0, &r, &err); report("probe closed", code, err); err = NULL;
  code = geister_tables_close(tables, &err); report("close twice", code, err); err = NULL;
  code = geister_tables_close(NULL, &err); report("close NULL", code, err); err = NULL;
  /* A NULL error pointer is allowed: the code alone. */
  code = geister_probe(NULL, ok, 0, &r, NULL); report("probe NULL error pointer", code, NULL);
  return 0;
}

static double cpu_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

static int do_bench(double seconds) {
  geister_probe_result r;
  /* warm the block cache */
  for (int i = 0; i < npos; i++) geister_probe_value(tables, positions[i], 0, &r, NULL);
  const char *names[] = {"geister_probe_value", "geister_probe", "geister_probe_json"};
  for (int f = 0; f < 3; f++) {
    long n = 0;
    double t0 = cpu_seconds(), t;
    do {
      for (int i = 0; i < npos; i++) {
        if (f == 0) {
          geister_probe_value(tables, positions[i], 0, &r, NULL);
        } else if (f == 1) {
          geister_probe(tables, positions[i], 0, &r, NULL);
        } else {
          char *json = NULL;
          geister_probe_json(tables, positions[i], 0, &json, NULL);
          geister_free(json);
        }
      }
      n += npos;
      t = cpu_seconds() - t0;
    } while (t < seconds);
    printf("%s: %.0f probes per CPU-second (%ld probes, %.2f s)\n", names[f], n / t, n, t);
  }
  /* one solve call: a win in 5 plies, no tables */
  const char *pos = "uu1B2/6/R5/6/6/6 f R1r1";
  geister_solve_options o;
  geister_solve_options_init(&o);
  o.tt_megabytes = 1;
  long n = 0;
  double t0 = cpu_seconds(), t;
  do {
    char *json = NULL;
    geister_solve(pos, &o, &json, NULL);
    geister_free(json);
    n++;
    t = cpu_seconds() - t0;
  } while (t < seconds);
  printf("geister_solve %s tt 1 MiB: %.1f us per call (CPU, %ld calls)\n", pos, t / n * 1e6, n);
  return 0;
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: harness TABLES probe|struct|solve NODES|threads N SOLVES|bad|bench SECONDS < positions\n");
    return 2;
  }
  const char *mode = argv[2];
  if (strcmp(mode, "bad") == 0) return do_bad(argv[1]);
  char *err = NULL;
  if (strcmp(argv[1], "-") != 0 && geister_tables_open(argv[1], &tables, &err) != GEISTER_OK) {
    fprintf(stderr, "harness: %s\n", err);
    return 1;
  }
  read_positions();
  if (strcmp(mode, "probe") == 0) {
    for (int i = 0; i < npos; i++) {
      char *l = probe_line(positions[i]);
      puts(l);
      free(l);
    }
  } else if (strcmp(mode, "struct") == 0) {
    do_struct();
  } else if (strcmp(mode, "solve") == 0 && argc > 3) {
    solve_nodes = strtoull(argv[3], NULL, 10);
    for (int i = 0; i < npos; i++) {
      char *l = solve_line(positions[i]);
      puts(l);
      free(l);
    }
  } else if (strcmp(mode, "threads") == 0 && argc > 4) {
    return do_threads(atoi(argv[3]), atoi(argv[4]));
  } else if (strcmp(mode, "bench") == 0 && argc > 3) {
    return do_bench(atof(argv[3]));
  } else {
    fprintf(stderr, "harness: unknown mode %s\n", mode);
    return 2;
  }
  if (tables) geister_tables_close(tables, NULL);
  return 0;
}
