/* engine_spec.c -- `--engine SPEC` for the commands that judge positions (analyse,
 * annotate): the spec `boyi match` takes (selfplay/sp_engine.h's parser, so both
 * read it alike), plus two keys of annotate's own: scale=CP, the expected-score
 * scale for this engine, and restart=game|never.  By default (restart=game) each
 * game gets a fresh process: an engine's figures may depend on the searches it made
 * before, whatever its protocol's new-game message says (Fairy-Stockfish's table keeps
 * its age across `ucinewgame`), and -j N must write what -j 1 writes; restart=never
 * keeps one process per worker for all its games (faster where starting is slow). 
 *
 * The rules: one engine; a protocol that reports scores (uci, ucci, gomocup, hub,
 * hub1; Botzone and DXP give moves only); --multipv K > 1 is UCI's MultiPV option
 * (set unless the spec sets it itself), and no other protocol has one. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "annotate.h"
#include "cli.h"

/* Take the words scale=CP and restart=game|never out of TEXT (into *SCALE, *PER_GAME) and
 * the rest into OUT; words are split as the spec parser splits them (quotes keep
 * spaces). */
static int split_scale(const char *text, char *out, size_t n, double *scale, bool *per_game, char *err, size_t errlen)
{
    size_t k = 0;
    out[0] = '\0';
    for (const char *s = text; *s;) {
        while (*s == ' ' || *s == '\t') s++;
        if (!*s) break;
        const char *w = s;
        char q = 0;
        for (; *s && (q || (*s != ' ' && *s != '\t')); s++) {
            if (!q && (*s == '\'' || *s == '"')) q = *s;
            else if (q && *s == q) q = 0;
        }
        int len = (int)(s - w);
        if (strncmp(w, "scale=", 6) == 0) {
            char *end;
            *scale = strtod(w + 6, &end);
            if (end == w + 6 || end != s || !(*scale > 0 && *scale < 1e6))
                return snprintf(err, errlen, "engine '%.200s': scale= takes centipawns (a positive number)", text), -1;
            continue;
        }
        if (strncmp(w, "restart=", 8) == 0) {
            if (len == 12 && strncmp(w + 8, "game", 4) == 0) *per_game = true;
            else if (len == 13 && strncmp(w + 8, "never", 5) == 0) *per_game = false;
            else return snprintf(err, errlen, "engine '%.200s': restart= takes 'game' or 'never'", text), -1;
            continue;
        }
        int wr = snprintf(out + k, n - k, "%s%.*s", k ? " " : "", len, w);
        if (wr < 0 || (size_t)wr >= n - k) return snprintf(err, errlen, "engine '%.200s': too long", text), -1;
        k += (size_t)wr;
    }
    return 0;
}

/* Can CMD be run: a path that is executable, or a name found on PATH?  Checked before
 * any game is read, so that an engine that cannot start stops the command at once
 * (exit 2) instead of failing at every position of every game. */
static bool runnable(const char *cmd)
{
    if (strchr(cmd, '/')) return access(cmd, X_OK) == 0;
    const char *path = getenv("PATH");
    if (!path) path = "/usr/bin:/bin";
    for (const char *d = path; *d;) {
        size_t n = strcspn(d, ":");
        char full[4096];
        snprintf(full, sizeof full, "%.*s/%s", (int)(n ? n : 1), n ? d : ".", cmd);
        if (access(full, X_OK) == 0) return true;
        d += n;
        if (*d == ':') d++;
    }
    return false;
}

int bo_cli_engine_spec(const bo_opts *o, sp_engine_spec *s, double *scale, bool *per_game, char *err, size_t errlen)
{
    *scale = 0;
    *per_game = true;   /* a fresh process per game unless restart=never */
    if (o->nengines != 1)
        return snprintf(err, errlen, "%s takes one --engine SPEC, not %d", o->command, o->nengines), -1;
    char rest[4096];
    if (split_scale(o->engines[0], rest, sizeof rest, scale, per_game, err, errlen) != 0) return -1;
    if (!strstr(rest, "cmd="))
        return snprintf(err, errlen, "engine '%.200s': no cmd=PATH (boyi's own engine is the default: leave --engine out)",
                        o->engines[0]), -1;
    if (sp_engine_spec_parse(rest, s, err, errlen) != 0) return -1;
    const char *p = s->proto;
    bool uci = strcmp(p, "uci") == 0;
    if (!uci && strcmp(p, "ucci") != 0 && strcmp(p, "gomocup") != 0 && strcmp(p, "hub") != 0 && strcmp(p, "hub1") != 0) {
        snprintf(err, errlen, "engine '%s': %s needs an engine that reports scores: proto=uci, ucci, gomocup, hub or hub1, not %s",
                 s->name, o->command, p[0] ? p : "none");
        sp_engine_spec_free(s);
        return -1;
    }
    if (s->argv[0] && !runnable(s->argv[0])) {
        snprintf(err, errlen, "engine '%s': cannot run '%.300s': no such program, or it is not executable", s->name,
                 s->argv[0]);
        sp_engine_spec_free(s);
        return -1;
    }
    if (o->log_dir) snprintf(s->log_dir, sizeof s->log_dir, "%s", o->log_dir);
    if (o->multipv > 1) {
        if (!uci) {
            snprintf(err, errlen, "engine '%s': --multipv needs a UCI engine (proto=uci), not proto=%s", s->name, p);
            sp_engine_spec_free(s);
            return -1;
        }
        bool set = false;
        for (int i = 0; i < s->noptions; i++) set |= strcmp(s->opt_name[i], "MultiPV") == 0;
        if (!set && s->noptions < SP_ENGINE_OPTIONS) {
            char k[16];
            snprintf(k, sizeof k, "%d", o->multipv);
            s->opt_name[s->noptions] = strdup("MultiPV");
            s->opt_value[s->noptions] = strdup(k);
            s->noptions++;
            if (!s->opt_name[s->noptions - 1] || !s->opt_value[s->noptions - 1]) {
                sp_engine_spec_free(s);
                return snprintf(err, errlen, "out of memory"), -1;
            }
        }
    }
    return 0;
}
