/* ng_write.c -- NoGo records written: SGF, the contest record, and a Botzone match log
 * (the forms ng_sgf.c, ng_contest.c and ng_botzone.c read back).  Each game starts
 * from the empty board; moves are points 0..80. */
#include <stdio.h>
#include <string.h>

#include "ng_records.h"
#include "nogo.h"
#include "result_policy.h"

/* An SGF value with ']' and '\' escaped. */
static void sgf_value(FILE *f, const char *id, const char *v)
{
    if (!v || !*v) return;
    fprintf(f, "%s[", id);
    for (; *v; v++) {
        if (*v == ']' || *v == '\\') fputc('\\', f);
        fputc(*v, f);
    }
    fputc(']', f);
}

/* A contest header field: the frame has no escapes, so its brackets become spaces. */
static void contest_field(FILE *f, const char *v, const char *suffix)
{
    fputc('[', f);
    for (; v && *v; v++) fputc(*v == '[' || *v == ']' || *v == '{' || *v == '}' || *v == ';' || *v == '\n' ? ' ' : *v, f);
    fprintf(f, "%s]", suffix);
}

static int write_sgf(FILE *f, const ng_write_info *in, const int *moves, int n)
{
    fprintf(f, "(;GM[1]FF[4]CA[UTF-8]AP[boyi]SZ[9]");
    sgf_value(f, "RU", in->rules && strcmp(in->rules, "botzone") == 0 ? "NoGo botzone" : "NoGo");
    sgf_value(f, "PB", in->black);
    sgf_value(f, "PW", in->white);
    sgf_value(f, "DT", in->date);
    sgf_value(f, "EV", in->event);
    sgf_value(f, "PC", in->place);
    /* a win off the board says why: B+R, W+T, B+F (result_policy.h) */
    bo_reason why = bo_reason_from_text(in->termination);
    const char *sfx = why == BO_REASON_RESIGN ? "R" : why == BO_REASON_TIME ? "T" : why == BO_REASON_NONE ? "" : "F";
    if (in->result == NG_RES_BLACK) fprintf(f, "RE[B+%s]", sfx);
    else if (in->result == NG_RES_WHITE) fprintf(f, "RE[W+%s]", sfx);
    sgf_value(f, "GC", in->termination);
    for (int i = 0; i < n; i++) {
        char t[3];
        ng_point_sgf(moves[i], t);
        fprintf(f, "%s;%c[%s]", i % 10 == 0 ? "\n" : "", i % 2 ? 'W' : 'B', t);
    }
    fprintf(f, ")\n");
    return 0;
}

static int write_contest(FILE *f, const ng_write_info *in, const int *moves, int n)
{
    fprintf(f, "{[NG]");
    contest_field(f, in->black ? in->black : "black", " B");
    contest_field(f, in->white ? in->white : "white", " W");
    fprintf(f, "[%s", in->result == NG_RES_BLACK ? "先手胜" : in->result == NG_RES_WHITE ? "后手胜" : "*");
    bo_reason why = in->result == NG_RES_NONE ? BO_REASON_NONE : bo_reason_from_text(in->termination);
    if (why != BO_REASON_NONE) fprintf(f, "(%s)", bo_reason_contest_word(why));   /* 后手胜(超时) */
    fputc(']', f);
    char dp[256];
    snprintf(dp, sizeof dp, "%s%s%s", in->date ? in->date : "", in->date && in->place ? " " : "", in->place ? in->place : "");
    contest_field(f, dp, "");
    contest_field(f, in->event ? in->event : "", "");
    for (int i = 0; i < n; i++) {
        char t[4];
        ng_point_go(moves[i], t);
        fprintf(f, ";%c(%c,%c)", i % 2 ? 'W' : 'B', t[0], t[1]);
    }
    fprintf(f, "}\n");
    return 0;
}

/* The judge's requests and the bots' responses, as Botzone logs a match: player 0 is
 * black and gets -1 -1 first; the finish gives the winner 2 and the loser 0. */
static int write_botzone(FILE *f, const ng_write_info *in, const int *moves, int n)
{
    fprintf(f, "[\n{\"output\":{\"command\":\"request\",\"content\":{\"0\":{\"x\":-1,\"y\":-1}}}}");
    for (int i = 0; i < n; i++) {
        int x = moves[i] % NG_SIZE, y = moves[i] / NG_SIZE;
        fprintf(f, ",\n{\"%d\":{\"verdict\":\"OK\",\"response\":{\"x\":%d,\"y\":%d}}}", i % 2, x, y);
        if (i + 1 < n || in->result == NG_RES_NONE)
            fprintf(f, ",\n{\"output\":{\"command\":\"request\",\"content\":{\"%d\":{\"x\":%d,\"y\":%d}}}}", (i + 1) % 2, x, y);
    }
    if (in->result != NG_RES_NONE)
        fprintf(f, ",\n{\"output\":{\"command\":\"finish\",\"content\":{\"0\":%d,\"1\":%d}}}",
                in->result == NG_RES_BLACK ? 2 : 0, in->result == NG_RES_WHITE ? 2 : 0);
    fprintf(f, "\n]\n");
    return 0;
}

int ng_write(FILE *out, ng_format f, const ng_write_info *info, const int *moves, int n, char *err, size_t errlen)
{
    for (int i = 0; i < n; i++)
        if (moves[i] < 0 || moves[i] >= NG_POINTS) return snprintf(err, errlen, "move %d is not a point", i + 1), -1;
    switch (f) {
    case NG_FMT_SGF: return write_sgf(out, info, moves, n);
    case NG_FMT_CONTEST: return write_contest(out, info, moves, n);
    case NG_FMT_BOTZONE: return write_botzone(out, info, moves, n);
    default: return snprintf(err, errlen, "NoGo records are sgf, contest or botzone"), -1;
    }
}
