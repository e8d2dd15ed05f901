/* batch_settings.c -- batch.txt read back (batch_settings.h).
 *
 * batch.txt is a line per setting, "KEY value", written by boyi selfplay and match
 * (cmd_selfplay.c) and checked by --resume setting by setting (sp_out.c).  A
 * `--resume DIR` that names no game takes every setting it leaves out from here: the
 * values are copied into a bo_batch_texts the caller keeps, and the options point at
 * them. */
#include "batch_settings.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"

/* The value of "KEY value" line KEY in batch.txt's TEXT into BUF. */
int bo_batch_setting(const char *text, const char *key, char *buf, size_t n)
{
    size_t k = strlen(key);
    for (const char *s = text; s && *s; s = strchr(s, '\n') ? strchr(s, '\n') + 1 : NULL) {
        if (strncmp(s, key, k) == 0 && s[k] == ' ') {
            size_t len = strcspn(s + k + 1, "\n");
            snprintf(buf, n, "%.*s", (int)len, s + k + 1);
            return 0;
        }
    }
    return -1;
}

/* batch.txt of DIR into BUF. */
int bo_batch_read(const char *dir, char *buf, size_t n, char *err, size_t errlen)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/batch.txt", dir);
    FILE *f = fopen(path, "re");
    if (!f) return snprintf(err, errlen, "%s: not a batch folder (no batch.txt)", dir), -1;
    size_t len = fread(buf, 1, n - 1, f);
    buf[len] = 0;
    fclose(f);
    return 0;
}


/* --resume DIR without --game: every setting the command line leaves out is read from
 * DIR/batch.txt (the game, rules, games, players' specs and limits, openings, seed,
 * shard, adjudication, SPRT, sample, record format, opening rule, the openings file's
 * encoding), so that the folder
 * alone resumes; what the command line gives stays and is checked against batch.txt
 * like any resume.  Batches from before the spec lines cannot be resumed so (their
 * players are not recorded in a form that can be read back): told. */
int bo_batch_resume_fill(bo_opts *m, bo_batch_texts *t, char *err, size_t errlen)
{
    char text[8192], v[2100];
    if (bo_batch_read(m->resume, text, sizeof text, err, errlen) != 0) return -1;
    if (bo_batch_setting(text, "game", t->game, sizeof t->game) != 0)
        return snprintf(err, errlen, "%s/batch.txt: no game line", m->resume), -1;
    if (bo_batch_setting(text, "spec A", t->spec[0], sizeof t->spec[0]) != 0 || bo_batch_setting(text, "spec B", t->spec[1], sizeof t->spec[1]) != 0)
        return snprintf(err, errlen, "%s/batch.txt was written by an older boyi that did not record the players' specs: "
                        "resume it with the options it was started with", m->resume), -1;
    m->game = t->game;
    const bo_game_cli *gc = bo_cli_game_find(t->game);
    const bo_game *g = gc ? bo_game_by_name(gc->name) : NULL;
    if (!g) return snprintf(err, errlen, "%s/batch.txt: unknown game '%s'", m->resume, t->game), -1;
    if (!m->rules && bo_batch_setting(text, "rules", t->rules, sizeof t->rules) == 0 && strcmp(t->rules, g->rule_sets[0]) != 0)
        m->rules = t->rules;
    if (m->games <= 0 && bo_batch_setting(text, "games", v, sizeof v) == 0) m->games = atol(v);
    if (!m->openings && bo_batch_setting(text, "openings", t->openings, sizeof t->openings) == 0) {
        char *paren = strrchr(t->openings, '(');
        if (paren && paren > t->openings) {
            m->opening_plies = atoi(paren + 1);
            paren[-1] = 0;
        }
        if (strcmp(t->openings, "-") != 0) m->openings = t->openings;
    }
    if (m->random_plies < 0 && !m->openings && bo_batch_setting(text, "random plies", v, sizeof v) == 0) m->random_plies = atoi(v);
    if (m->seed == 0 && bo_batch_setting(text, "seed", v, sizeof v) == 0) m->seed = strtoull(v, NULL, 10);
    if (!m->shard && bo_batch_setting(text, "shard", t->shard, sizeof t->shard) == 0 && strcmp(t->shard, "0/0") != 0) m->shard = t->shard;
    if (!m->adjudicate && bo_batch_setting(text, "adjudicate", t->adjudicate, sizeof t->adjudicate) == 0) m->adjudicate = t->adjudicate;
    if (!m->sprt && bo_batch_setting(text, "sprt", t->sprt, sizeof t->sprt) == 0 && strcmp(t->sprt, "-") != 0) m->sprt = t->sprt;
    if (m->sample < 0 && bo_batch_setting(text, "sample", v, sizeof v) == 0) m->sample = atof(v);
    if (!m->to && bo_batch_setting(text, "records", t->to, sizeof t->to) == 0 && strcmp(t->to, "-") != 0) m->to = t->to;
    if (!m->opening_rule && bo_batch_setting(text, "opening rule", t->opening_rule, sizeof t->opening_rule) == 0 &&
        strcmp(t->opening_rule, "-") != 0)
        m->opening_rule = t->opening_rule;
    if (!m->encoding && bo_batch_setting(text, "encoding", t->encoding, sizeof t->encoding) == 0 && strcmp(t->encoding, "-") != 0)
        m->encoding = t->encoding;
    if (!m->player_a && strcmp(t->spec[0], "-") != 0) m->player_a = t->spec[0];
    if (!m->player_b && strcmp(t->spec[1], "-") != 0) m->player_b = t->spec[1];
    if (m->depth < 0 && !m->nodes && !m->movetime_ms && !m->clock_ms && bo_batch_setting(text, "limits", v, sizeof v) == 0) {
        long long nodes = 0, mt = 0, clock = 0, inc = 0;
        int depth = 0, mtg = 0, hash = 0;
        if (sscanf(v, "depth=%d nodes=%lld movetime=%lld clock=%lld inc=%lld moves=%d hash=%d", &depth, &nodes, &mt,
                   &clock, &inc, &mtg, &hash) != 7)
            return snprintf(err, errlen, "%s/batch.txt: a bad limits line '%.200s'", m->resume, v), -1;
        m->depth = depth;
        m->nodes = (uint64_t)nodes;
        m->movetime_ms = mt;
        m->clock_ms = clock;
        m->inc_ms = inc;
        m->moves_to_go = mtg;
        if (!m->hash_mb) m->hash_mb = hash;
    }
    return 0;
}

