/* player_spec.c -- players from their specs (player_spec.h).
 *
 * A spec is words, spaces or commas apart.  Its first word may name one of the game's
 * own players, looked up in the descriptor (bo_game.player_kinds): the kind then takes
 * the command line's limits and the spec's KEY=VALUE words (name= and hash= are every
 * player's).  Without one, the words are the engine's limits or "random"; a spec with
 * cmd= is an outside engine, the runner's limits among its words. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "outfile.h"
#include "player_spec.h"

/* An outside engine's spec ("name=X cmd=PATH args='..' proto=uci option.N=V ...",
 * with the runner's limits depth= nodes= movetime= tc= among its words): the limits
 * into P, the rest parsed into ENG (sp_engine.h), which P then points to. */
static int parse_engine_player(const char *spec, sp_player *p, sp_engine_spec *eng, const char *log_dir,
                               char *err, size_t errlen)
{
    char limits[512] = "", rest[2048] = "";
    size_t nl = 0, nr = 0;
    for (const char *s = spec; *s;) {   /* words, quotes keeping their spaces */
        while (*s == ' ') s++;
        if (!*s) break;
        const char *w = s;
        char q = 0;
        for (; *s && (q || *s != ' '); s++) {
            if (!q && (*s == '\'' || *s == '"')) q = *s;
            else if (q && *s == q) q = 0;
        }
        int len = (int)(s - w);
        bool limit = strncmp(w, "depth=", 6) == 0 || strncmp(w, "nodes=", 6) == 0 || strncmp(w, "movetime=", 9) == 0 ||
                     strncmp(w, "tc=", 3) == 0;
        char *dst = limit ? limits : rest;
        size_t *k = limit ? &nl : &nr, cap = limit ? sizeof limits : sizeof rest;
        int wr = snprintf(dst + *k, cap - *k, "%s%.*s", *k ? " " : "", len, w);
        if (wr < 0 || (size_t)wr >= cap - *k) return snprintf(err, errlen, "engine '%.200s': too long", spec), -1;
        *k += (size_t)wr;
    }
    if (sp_engine_spec_parse(rest, eng, err, errlen) != 0) return -1;
    if (log_dir) snprintf(eng->log_dir, sizeof eng->log_dir, "%s", log_dir);
    eng->group = bo_outfile_group;   /* a signal that stops the runner ends the engines too */
    eng->stop = bo_outfile_stop_flag();   /* ... and the first one cuts the wait for a move short */
    p->engine = eng;
    p->random = false;
    return 0;
}

const char *bo_cli_spec_word(const char *spec, const char *key, char *buf, size_t n)
{
    size_t k = strlen(key);
    for (const char *w = spec ? strstr(spec, key) : NULL; w; w = strstr(w + 1, key)) {
        if (w != spec && w[-1] != ' ' && w[-1] != ',') continue;
        snprintf(buf, n, "%.*s", (int)strcspn(w + k, " ,"), w + k);
        if (buf[0]) return buf;
    }
    return NULL;
}

/* The name=NAME of a spec, else NULL (NAME into BUF). */
static const char *spec_name(const char *spec, char *buf, size_t n)
{
    return bo_cli_spec_word(spec, "name=", buf, n);
}

/* What records, statistics and reports call a player (issue 37: never just "A"): its
 * name=, an outside engine's name, else its spec as given ("depth=4", "random"), else
 * the common limits it plays under.  Tabs and newlines (which would break batch.txt
 * and the journal's neighbours) become spaces. */
void bo_cli_player_label(const char *spec, const sp_player *p, char *buf, size_t n)
{
    if (spec_name(spec, buf, n)) {
    } else if (p->engine) {
        snprintf(buf, n, "%s", p->engine->name);
    } else if (spec && spec[strspn(spec, " ,")]) {
        size_t k = 0;   /* the spec's words, one space apart */
        for (const char *s = spec; *s && k + 1 < n;) {
            size_t w = strcspn(s, " ,");
            if (w) k += (size_t)snprintf(buf + k, n - k, "%s%.*s", k ? " " : "", (int)w, s);
            s += w;
            s += strspn(s, " ,");
        }
        buf[k < n ? k : n - 1] = 0;
    } else if (p->random) {
        snprintf(buf, n, "random");
    } else {
        size_t k = 0;
        if (p->depth) k += (size_t)snprintf(buf + k, n - k, "depth=%d", p->depth);
        if (p->nodes && k < n) k += (size_t)snprintf(buf + k, n - k, "%snodes=%llu", k ? " " : "", (unsigned long long)p->nodes);
        if (p->movetime_ms && k < n) k += (size_t)snprintf(buf + k, n - k, "%smovetime=%lld", k ? " " : "", (long long)p->movetime_ms);
        if (p->clock_ms && k < n)
            k += (size_t)snprintf(buf + k, n - k, "%stc=%.0d%s%g+%g", k ? " " : "", p->moves_to_go,
                                  p->moves_to_go ? "/" : "", p->clock_ms / 1000.0, p->inc_ms / 1000.0);
        if (k == 0) snprintf(buf, n, "boyi");
    }
    for (char *c = buf; *c; c++)
        if (*c == '\t' || *c == '\n' || *c == '\r') *c = ' ';
}

/* "depth=6 nodes=1000 movetime=100 hash=4" or "random" into P (over the defaults). */
static int parse_player(const bo_game *g, const char *spec, sp_player *p, char *err, size_t errlen)
{
    if (!spec) return 0;
    char kinds[200] = "";   /* for the error: the game's own players */
    for (const bo_player_kind *k = g->player_kinds; k && k->name; k++)
        snprintf(kinds + strlen(kinds), sizeof kinds - strlen(kinds), "%s%s", kinds[0] ? ", " : "", k->name);
    char buf[256];
    snprintf(buf, sizeof buf, "%s", spec);
    char *save = NULL;
    for (char *w = strtok_r(buf, " ,", &save); w; w = strtok_r(NULL, " ,", &save)) {
        if (strcmp(w, "random") == 0) { *p = (sp_player){.random = true}; continue; }
        char *eq = strchr(w, '=');
        if (!eq) return snprintf(err, errlen, "player '%s': '%s' is not KEY=VALUE, 'random'%s%s", spec, w,
                                 kinds[0] ? " or one of the game's players: " : "", kinds), -1;
        *eq = 0;
        if (strcmp(w, "name") == 0) continue;   /* a label for the records (player_label) */
        if (strcmp(w, "eval") == 0) {   /* weights, loaded once the game is known (selfplay_run) */
            if (!eq[1]) return snprintf(err, errlen, "player '%s': eval= needs a weights file", spec), -1;
            p->random = false;
            continue;
        }
        if (strcmp(w, "tc") == 0) {
            bo_opts t = {0};
            if (bo_cli_parse_tc(eq + 1, &t) != 0)
                return snprintf(err, errlen, "player '%s': tc takes [MOVES/]SECONDS[+INC], not '%s'", spec, eq + 1), -1;
            p->clock_ms = t.clock_ms;
            p->inc_ms = t.inc_ms;
            p->moves_to_go = t.moves_to_go;
            p->random = false;
            continue;
        }
        char *end;
        long long v = strtoll(eq + 1, &end, 10);
        if (*end || end == eq + 1 || v < 0) return snprintf(err, errlen, "player '%s': %s needs a number >= 0", spec, w), -1;
        if (strcmp(w, "depth") == 0 && v <= 64) p->depth = (int)v;
        else if (strcmp(w, "nodes") == 0) p->nodes = (uint64_t)v;
        else if (strcmp(w, "movetime") == 0) p->movetime_ms = v;
        else if (strcmp(w, "hash") == 0 && v >= 1 && v <= 65536) p->hash_mb = (int)v;
        else return snprintf(err, errlen, "player '%s': unknown or out-of-range '%s' (depth, nodes, movetime, tc, hash, eval, name, random)", spec, w), -1;
        p->random = false;
    }
    return 0;
}

void bo_cli_player_text(const char *spec, const sp_player *p, char *buf, size_t n)
{
    if (p->random) { snprintf(buf, n, "random"); return; }
    if (p->kind) {   /* the spec names the kind and its options; the command line's limits were applied */
        snprintf(buf, n, "kind %s (%s) depth=%d nodes=%llu movetime=%lld hash=%d", p->kind->name, spec ? spec : "",
                 p->depth, (unsigned long long)p->nodes, (long long)p->movetime_ms, p->hash_mb ? p->hash_mb : 4);
        for (char *c = buf; *c; c++)
            if (*c == '\t' || *c == '\n' || *c == '\r') *c = ' ';
        return;
    }
    if (p->engine) {
        size_t k = (size_t)snprintf(buf, n, "engine %s (%s:", p->engine->name, p->engine->proto);
        for (int i = 0; p->engine->argv[i] && k < n; i++) k += (size_t)snprintf(buf + k, n - k, " %s", p->engine->argv[i]);
        if (k < n) snprintf(buf + k, n - k, ") depth=%d nodes=%llu movetime=%lld tc=%d/%lld+%lld", p->depth,
                            (unsigned long long)p->nodes, (long long)p->movetime_ms, p->moves_to_go,
                            (long long)p->clock_ms, (long long)p->inc_ms);
        return;
    }
    snprintf(buf, n, "depth=%d nodes=%llu movetime=%lld tc=%d/%lld+%lld hash=%d", p->depth, (unsigned long long)p->nodes,
             (long long)p->movetime_ms, p->moves_to_go, (long long)p->clock_ms, (long long)p->inc_ms,
             p->hash_mb ? p->hash_mb : 4);
}

/* The command line's limits as words for a kind ("depth=3 nodes=500"). */
static void preset_words(const bo_opts *o, char *buf, size_t n)
{
    size_t k = 0;
    buf[0] = 0;
    if (o->depth > 0) k += (size_t)snprintf(buf + k, n - k, "depth=%d ", o->depth);
    if (o->nodes && k < n) k += (size_t)snprintf(buf + k, n - k, "nodes=%llu ", (unsigned long long)o->nodes);
    if (o->movetime_ms && k < n) snprintf(buf + k, n - k, "movetime=%lld", (long long)o->movetime_ms);
}

/* SPEC as one of G's own players into P: 1 when it names one, 0 when not, -1 with err.
 * Every word reaches the kind but name= (the label) and hash= (the table, here). */
static int parse_kind(const bo_opts *o, const bo_game *g, const char *spec, sp_player *p, char *err, size_t errlen)
{
    static const char *const skip[] = {"name", "hash", NULL};
    char preset[128];
    preset_words(o, preset, sizeof preset);
    int rc = bo_player_kind_parse(g, spec, preset, skip, &p->kind, p->params, err, errlen);
    if (rc <= 0) return rc;
    if (o->clock_ms > 0)
        return snprintf(err, errlen, "player '%.200s': --tc: %s keeps no clock (give it movetime= or its own limits)", spec,
                        p->kind->name), -1;
    for (const char *w = strstr(spec, "hash="); w; w = strstr(w + 1, "hash=")) {
        if (w != spec && w[-1] != ' ' && w[-1] != ',') continue;
        long v = strtol(w + 5, NULL, 10);
        if (v < 1 || v > 65536) return snprintf(err, errlen, "player '%.200s': hash takes 1..65536 MB", spec), -1;
        p->hash_mb = (int)v;
    }
    p->random = false;
    return 1;
}

int bo_cli_players(const bo_opts *o, const bo_game *g, sp_player *a, sp_player *b, sp_engine_spec eng[2], char *err,
                   size_t errlen)
{
    sp_player base = {.depth = o->depth > 0 ? o->depth : 0, .nodes = o->nodes, .movetime_ms = o->movetime_ms,
                      .clock_ms = o->clock_ms, .inc_ms = o->inc_ms, .moves_to_go = o->moves_to_go,
                      .hash_mb = o->hash_mb};
    if (!base.depth && !base.nodes && !base.movetime_ms && !base.clock_ms) base.depth = 1;
    *a = base;
    *b = base;
    memset(eng, 0, 2 * sizeof *eng);
    const char *spec[2] = {o->player_a, o->player_b};
    sp_player *pl[2] = {a, b};
    for (int i = 0; i < 2; i++) {
        int rc = spec[i] && strstr(spec[i], "cmd=") ? parse_engine_player(spec[i], pl[i], &eng[i], o->log_dir, err, errlen)
                                                     : parse_kind(o, g, spec[i], pl[i], err, errlen);
        if (rc == 0 && !pl[i]->engine) rc = parse_player(g, spec[i], pl[i], err, errlen);
        if (rc == 0 && spec[i] && pl[i]->engine) {   /* the runner's limits among the engine's words */
            char lim[512] = "";
            size_t k = 0;
            const char *keys[] = {"depth=", "nodes=", "movetime=", "tc="};
            for (int j = 0; j < 4; j++) {
                const char *w = strstr(spec[i], keys[j]);
                if (w && (w == spec[i] || w[-1] == ' ') && k < sizeof lim)
                    k += (size_t)snprintf(lim + k, sizeof lim - k, "%s%.*s", k ? " " : "", (int)strcspn(w, " "), w);
            }
            const sp_engine_spec *keep = pl[i]->engine;
            if (k) rc = parse_player(g, lim, pl[i], err, errlen);
            pl[i]->engine = keep;
            pl[i]->random = false;
        }
        if (rc < 0) return -1;
    }
    return 0;
}
