/* replay_main.c -- the fuzz targets without libFuzzer, for the sanitizer build of the
 * test suite (any compiler).
 *
 * It takes libFuzzer's command line as tests/fuzz.sh writes it: files and folders of
 * inputs, -max_total_time=S, -max_len=N; other options are ignored.  Every input is
 * run as it is, then, until the time is up, mutated copies of the inputs (bytes
 * flipped, replaced, inserted, deleted, cut, and pieces of other inputs spliced in) by
 * a generator with a fixed seed: the same command runs the same inputs.  Without
 * coverage feedback this is a smoke test of the harness's checks under the sanitizers,
 * not fuzzing; `-DBOYI_FUZZ=ON` builds the real libFuzzer binary.  When a sanitizer
 * or a check aborts, the input that did it is written to ARTIFACT_PREFIX/crash-replay
 * (-artifact_prefix=) from the SIGABRT handler. */
#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The target renames the command line's main (cli/main.c) to link it; this file's is
 * the program's. */
#undef main

typedef struct input {
    unsigned char *data;
    size_t len;
} input;

/* The input being run, for the abort handler (this program runs one input at a time). */
static const unsigned char *volatile current;
static volatile size_t current_len;
static char crash_path[4096];

static void on_abort(int sig)
{
    if (crash_path[0] && current) {
        int fd = open(crash_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (fd >= 0) {
            ssize_t w = write(fd, (const void *)current, current_len);
            (void)w;
            close(fd);
        }
    }
    signal(sig, SIG_DFL);
    raise(sig);
}

static int add_file(input **v, int *n, int *cap, const char *path, size_t max_len)
{
    FILE *f = fopen(path, "rb");
    if (!f) return -1;
    unsigned char *buf = malloc(max_len ? max_len : 1);
    size_t len = buf ? fread(buf, 1, max_len, f) : 0;
    fclose(f);
    if (!buf) return -1;
    if (*n == *cap) {
        *cap = *cap ? *cap * 2 : 64;
        input *nv = realloc(*v, (size_t)*cap * sizeof *nv);
        if (!nv) { free(buf); return -1; }
        *v = nv;
    }
    (*v)[(*n)++] = (input){buf, len};
    return 0;
}

static void add_path(input **v, int *n, int *cap, const char *path, size_t max_len)
{
    struct stat st;
    if (stat(path, &st) != 0) return;
    if (!S_ISDIR(st.st_mode)) { add_file(v, n, cap, path, max_len); return; }
    DIR *d = opendir(path);
    if (!d) return;
    struct dirent *e;
    char **names = NULL;
    int nn = 0, nc = 0;
    while ((e = readdir(d)) != NULL) {   /* sorted below: the run does not depend on the folder's order */
        if (e->d_name[0] == '.') continue;
        if (nn == nc) {
            nc = nc ? nc * 2 : 64;
            char **p = realloc(names, (size_t)nc * sizeof *p);
            if (!p) break;
            names = p;
        }
        names[nn++] = strdup(e->d_name);
    }
    closedir(d);
    for (int i = 1; i < nn; i++)
        for (int j = i; j > 0 && strcmp(names[j - 1], names[j]) > 0; j--) {
            char *t = names[j];
            names[j] = names[j - 1];
            names[j - 1] = t;
        }
    for (int i = 0; i < nn; i++) {
        char p[4096];
        snprintf(p, sizeof p, "%s/%s", path, names[i]);
        add_file(v, n, cap, p, max_len);
        free(names[i]);
    }
    free(names);
}

static uint64_t next_rand(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

/* One to eight edits of a copy of IN into OUT (room for MAX bytes). */
static size_t mutate(const input *in, const input *other, unsigned char *out, size_t max, uint64_t *rng)
{
    size_t len = in->len < max ? in->len : max;
    memcpy(out, in->data, len);
    int edits = 1 + (int)(next_rand(rng) % 8);
    for (int k = 0; k < edits; k++) {
        size_t at = len ? (size_t)(next_rand(rng) % len) : 0;
        switch (next_rand(rng) % 6) {
        case 0: if (len) out[at] ^= (unsigned char)(1u << (next_rand(rng) % 8)); break;
        case 1: if (len) out[at] = (unsigned char)next_rand(rng); break;
        case 2: if (len < max) { memmove(out + at + 1, out + at, len - at); out[at] = (unsigned char)next_rand(rng); len++; } break;
        case 3: if (len) { memmove(out + at, out + at + 1, len - at - 1); len--; } break;
        case 4: len = at; break;
        default:
            if (other->len) {   /* a piece of another input over this one */
                size_t from = (size_t)(next_rand(rng) % other->len), n = 1 + (size_t)(next_rand(rng) % 64);
                if (n > other->len - from) n = other->len - from;
                if (at + n > max) n = max - at;
                memcpy(out + at, other->data + from, n);
                if (at + n > len) len = at + n;
            }
        }
    }
    return len;
}

static void run_one(const unsigned char *d, size_t n)
{
    current = d;
    current_len = n;
    LLVMFuzzerTestOneInput(d, n);
}

int main(int argc, char **argv)
{
    double max_time = 1;
    size_t max_len = 4096;
    input *v = NULL;
    int n = 0, cap = 0;
    LLVMFuzzerInitialize(&argc, &argv);
    for (int i = 1; i < argc; i++) {
        if (strncmp(argv[i], "-max_total_time=", 16) == 0) max_time = atof(argv[i] + 16);
        else if (strncmp(argv[i], "-max_len=", 9) == 0) max_len = (size_t)atol(argv[i] + 9);
        else if (strncmp(argv[i], "-artifact_prefix=", 17) == 0)
            snprintf(crash_path, sizeof crash_path, "%scrash-replay", argv[i] + 17);
    }
    for (int i = 1; i < argc; i++)
        if (argv[i][0] != '-') add_path(&v, &n, &cap, argv[i], max_len);
    signal(SIGABRT, on_abort);
    long runs = 0;
    for (int i = 0; i < n; i++, runs++) run_one(v[i].data, v[i].len);
    unsigned char *buf = malloc(max_len + 1);
    uint64_t rng = 0x2545F4914F6CDD1DULL;
    struct timespec t0, t;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (; n > 0 && buf; runs++) {
        if ((runs & 63) == 0) {
            clock_gettime(CLOCK_MONOTONIC, &t);
            if ((double)(t.tv_sec - t0.tv_sec) + (double)(t.tv_nsec - t0.tv_nsec) * 1e-9 >= max_time) break;
        }
        const input *in = &v[next_rand(&rng) % (uint64_t)n], *other = &v[next_rand(&rng) % (uint64_t)n];
        run_one(buf, mutate(in, other, buf, max_len, &rng));
    }
    printf("stat::number_of_executed_units: %ld\n", runs);
    for (int i = 0; i < n; i++) free(v[i].data);
    free(v);
    free(buf);
    return 0;
}
