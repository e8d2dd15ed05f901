/* result_policy.c -- the reasons records give for a result the board does not reach,
 * and what each game's judge does with such a claim (result_policy.h).
 *
 * Method: word lists, matched case-insensitively as substrings, the time words first
 * ("time forfeit" is a loss on time, not a forfeit). */
#include "result_policy.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

/* Does S contain W, ASCII letters compared without case? */
static bool has_word(const char *s, const char *w)
{
    size_t n = strlen(w);
    for (; *s; s++) {
        size_t i = 0;
        while (i < n && s[i] && tolower((unsigned char)s[i]) == tolower((unsigned char)w[i])) i++;
        if (i == n) return true;
    }
    return false;
}

static bool has_any(const char *s, const char *const *words)
{
    for (; *words; words++)
        if (has_word(s, *words)) return true;
    return false;
}

bo_reason bo_reason_from_text(const char *s)
{
    static const char *const time_w[] = {"time", "timeout", "flag", "clock", "超时", "超時", "时间到", "時間到", NULL};
    static const char *const resign_w[] = {"resign", "gave up", "gives up", "认输", "認輸", "投子", "投降", "中盘胜",
                                            "中盤勝", "opgave", "abandon de", NULL};
    static const char *const agree_w[] = {"agree", "mutual", "协议", "協議", "议和", "議和", "accord", NULL};
    static const char *const adj_w[] = {"adjudicat", "arbiter", "裁定", "裁判", "判定", "ply limit", "move limit", NULL};
    static const char *const forfeit_w[] = {"forfeit", "illegal", "infraction", "crash", "garbage", "abandoned",
                                             "disconnect", "no show", "判负", "判負", "犯规", "犯規", "违例", "違例",
                                             "弃权", "棄權", "forfait", "reglementair", NULL};
    if (!s || !*s) return BO_REASON_NONE;
    if (has_any(s, time_w)) return BO_REASON_TIME;
    if (has_any(s, resign_w)) return BO_REASON_RESIGN;
    if (has_any(s, agree_w)) return BO_REASON_AGREEMENT;
    if (has_any(s, adj_w)) return BO_REASON_ADJUDICATION;
    if (has_any(s, forfeit_w)) return BO_REASON_FORFEIT;
    return BO_REASON_NONE;
}

bo_reason bo_reason_from_sgf(const char *re)
{
    if (!re) return BO_REASON_NONE;
    while (*re == ' ') re++;
    if (!((*re == 'B' || *re == 'W' || *re == 'b' || *re == 'w') && re[1] == '+')) return BO_REASON_NONE;
    const char *s = re + 2;
    char w[16];
    size_t k = 0;
    while (*s && *s != ' ' && k + 1 < sizeof w) w[k++] = (char)tolower((unsigned char)*s++);
    w[k] = '\0';
    if (!strcmp(w, "r") || !strcmp(w, "resign")) return BO_REASON_RESIGN;
    if (!strcmp(w, "t") || !strcmp(w, "time")) return BO_REASON_TIME;
    if (!strcmp(w, "f") || !strcmp(w, "forfeit")) return BO_REASON_FORFEIT;
    return BO_REASON_NONE;
}

const char *bo_reason_name(bo_reason r)
{
    static const char *const names[] = {"no reason", "resignation", "time", "forfeit", "agreement", "adjudication"};
    return names[r];
}

const char *bo_reason_contest_word(bo_reason r)
{
    static const char *const words[] = {"", "认输", "超时", "判负", "协议", "裁定"};
    return words[r];
}

bo_claim_action bo_claim_unreached(bo_reason r, bool strict, bool contest)
{
    if (r != BO_REASON_NONE) return BO_CLAIM_NOTE;
    return strict || contest ? BO_CLAIM_FAULT : BO_CLAIM_WARN;
}

void bo_claim_words(char *buf, size_t n, bo_claim_action a, const char *claim, bo_reason r, const char *where,
                    bool strict, bool contest)
{
    (void)contest;   /* a fault that is not --strict's is the named contest rules' */
    if (a == BO_CLAIM_NOTE) {
        snprintf(buf, n, "not over on the board; the record says %s by %s%s%s%s", claim, bo_reason_name(r),
                 where ? " (" : "", where ? where : "", where ? ")" : "");
        return;
    }
    snprintf(buf, n, "the record says %s, but the game is not over on the board and the record gives no reason "
             "(resignation, time, forfeit, agreement, adjudication)%s", claim,
             a == BO_CLAIM_WARN ? "; the written result is taken" : strict ? " (--strict)" : " (the contest's rules, named, want it said)");
}
