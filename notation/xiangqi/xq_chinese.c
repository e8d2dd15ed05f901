/* xq_chinese.c - Chinese move notation: 炮二平五, 马８进７, 马8进7, the tandem
 * forms 前炮平五 / 中兵进一 / 一兵平四 / 前九进一 / 前兵九平八 / 车前平三, and the
 * record sheet's short form 炮25 (piece, from-file, to-file or distance).
 *
 * Reading: every simplified, traditional and variant glyph; numbers as Chinese
 * numerals, ASCII or full-width digits on either side - the side to move, not
 * the glyph, decides from whose right files are counted (a red move written
 * with 将 or with ASCII digits still reads). Writing: the modern standard form. */
#include <string.h>

#include "xq_nt_internal.h"
#include "text.h"

/* Token classes of one glyph. */
typedef enum { T_BAD = 0, T_PIECE, T_NUM, T_DIR, T_POS } tclass;

typedef struct tok {
    tclass cls;
    int val;    /* kind, number 1..9 (0 for a digit 0), xq_dir, or xq_sel */
} tok;

/* The glyphs a record may use for each piece kind. */
static const struct { long cp; xq_kind k; } piece_glyphs[] = {
    {0x5E05, XQ_KING}, {0x5E25, XQ_KING}, {0x5C06, XQ_KING}, {0x5C07, XQ_KING},      /* 帅帥将將 */
    {0x4ED5, XQ_ADVISOR}, {0x58EB, XQ_ADVISOR},                                    /* 仕士 */
    {0x76F8, XQ_ELEPHANT}, {0x8C61, XQ_ELEPHANT},                                  /* 相象 */
    {0x9A6C, XQ_HORSE}, {0x99AC, XQ_HORSE}, {0x508C, XQ_HORSE}, {0x3437, XQ_HORSE}, /* 马馬傌㐷 */
    {0x8F66, XQ_CHARIOT}, {0x8ECA, XQ_CHARIOT}, {0x4FE5, XQ_CHARIOT},              /* 车車俥 */
    {0x4F21, XQ_CHARIOT}, {0x7868, XQ_CHARIOT}, {0x7817, XQ_CHARIOT},              /* 伡硨砗 */
    {0x70AE, XQ_CANNON}, {0x7832, XQ_CANNON}, {0x5305, XQ_CANNON},                 /* 炮砲包 */
    {0x5175, XQ_PAWN}, {0x5352, XQ_PAWN},                                          /* 兵卒 */
};

/* 一..九 */
static const long cn_num[10] = {0, 0x4E00, 0x4E8C, 0x4E09, 0x56DB, 0x4E94, 0x516D, 0x4E03, 0x516B, 0x4E5D};

/* Classify one code point (full-width digits are already ASCII). */
static tok classify(long c)
{
    tok t = {T_BAD, 0};
    if (c >= '0' && c <= '9') { t.cls = T_NUM; t.val = (int)(c - '0'); return t; }
    for (int i = 1; i <= 9; i++)
        if (c == cn_num[i]) { t.cls = T_NUM; t.val = i; return t; }
    for (size_t i = 0; i < sizeof piece_glyphs / sizeof piece_glyphs[0]; i++)
        if (c == piece_glyphs[i].cp) { t.cls = T_PIECE; t.val = piece_glyphs[i].k; return t; }
    switch (c) {
    case 0x8FDB: case 0x9032: t.cls = T_DIR; t.val = XQ_DIR_FWD; break;    /* 进進 */
    case 0x9000: t.cls = T_DIR; t.val = XQ_DIR_BACK; break;                /* 退 */
    case 0x5E73: t.cls = T_DIR; t.val = XQ_DIR_SIDE; break;                /* 平 */
    case 0x524D: t.cls = T_POS; t.val = XQ_SEL_FRONT; break;               /* 前 */
    case 0x4E2D: t.cls = T_POS; t.val = XQ_SEL_MID; break;                 /* 中 */
    case 0x540E: case 0x5F8C: t.cls = T_POS; t.val = XQ_SEL_REAR; break;   /* 后後 */
    default: break;
    }
    return t;
}

static const char *const cls_name[] = {
    "an unknown sign", "a piece name", "a number", "a direction (进/退/平)", "a position (前/中/后)"
};

/* Set the tandem selector from a leading position word or number 一..五. */
static int set_sel(xq_spec *s, tok t)
{
    if (t.cls == T_POS) { s->sel = (xq_sel)t.val; return 0; }
    if (t.cls == T_NUM && t.val >= 1 && t.val <= 5) { s->sel = XQ_SEL_NTH; s->nth = t.val; return 0; }
    return -1;
}

/* Fill s from the token classes; -1 with the reason (no "cannot read" prefix). */
static int grammar(const tok *t, const long *cp, int n, xq_spec *s, char *why, size_t wn)
{
    if (n < 3 || n > 5) {
        xq_nt_fail(why, wn, "a move has four signs (piece, file, direction, number), not %d", n);
        return -1;
    }
    for (int i = 0; i < n; i++)
        if (t[i].cls == T_BAD) {
            char g[5] = {0};
            bo_utf8_put((unsigned long)cp[i], g);
            xq_nt_fail(why, wn, "'%s' (sign %d) is not a piece, number (1-9), direction or position", g, i + 1);
            return -1;
        }
    if (n == 3) {   /* short form: piece, from-file, to-file or distance */
        if (t[0].cls == T_PIECE && t[1].cls == T_NUM && t[2].cls == T_NUM) {
            s->kind = (xq_kind)t[0].val; s->file = t[1].val; s->num = t[2].val; s->dir = XQ_DIR_NONE;
            return 0;
        }
        xq_nt_fail(why, wn, "three signs are read only as the short form piece, file, number (炮25)");
        return -1;
    }
    int d = n - 2;  /* the direction is always the second last sign */
    if (t[d].cls != T_DIR) {
        xq_nt_fail(why, wn, "expected a direction (进/退/平) as sign %d, found %s", d + 1, cls_name[t[d].cls]);
        return -1;
    }
    if (t[n - 1].cls != T_NUM) {
        xq_nt_fail(why, wn, "expected a number after the direction, found %s", cls_name[t[n - 1].cls]);
        return -1;
    }
    s->dir = (xq_dir)t[d].val;
    s->num = t[n - 1].val;
    if (n == 5) {   /* 前兵九平八: position, piece, file, direction, number */
        if (set_sel(s, t[0]) == 0 && t[1].cls == T_PIECE && t[2].cls == T_NUM) {
            s->kind = (xq_kind)t[1].val; s->file = t[2].val;
            return 0;
        }
        xq_nt_fail(why, wn, "five signs are read only as position, piece, file, direction, number (前兵九平八)");
        return -1;
    }
    if (t[0].cls == T_PIECE) {
        s->kind = (xq_kind)t[0].val;
        if (t[1].cls == T_NUM) { s->file = t[1].val; return 0; }          /* 炮二平五 */
        if (t[1].cls == T_POS) { s->sel = (xq_sel)t[1].val; return 0; }   /* 车前平三 */
        xq_nt_fail(why, wn, "expected a file number after the piece, found %s", cls_name[t[1].cls]);
        return -1;
    }
    if (set_sel(s, t[0]) != 0) {
        xq_nt_fail(why, wn, "a move starts with a piece (车马炮...) or a position (前/中/后/一..五), not %s%s",
                   cls_name[t[0].cls], t[0].cls == T_NUM ? " above 五" : "");
        return -1;
    }
    if (t[1].cls == T_PIECE) { s->kind = (xq_kind)t[1].val; return 0; }   /* 前炮平五, 一兵平四 */
    if (t[1].cls == T_NUM) { s->kind = XQ_NONE; s->file = t[1].val; return 0; } /* 前九进一 */
    xq_nt_fail(why, wn, "expected a piece or a file after the position, found %s", cls_name[t[1].cls]);
    return -1;
}

/* Chinese text -> spec -> move: the grammar here, the piece hunt in xq_resolve.c. */
int xq_chinese_parse(const xq_pos *p, const xq_cps *c, const char *shown, xq_move *out,
                     char *err, size_t errlen)
{
    tok t[XQ_NT_MAXCP];
    int n = c->n;
    while (n > 0 && c->cp[n - 1] == '+') n--;   /* a check mark */
    for (int i = 0; i < n; i++) t[i] = classify(c->cp[i]);
    xq_spec s;
    memset(&s, 0, sizeof s);
    s.nt = XQ_NOTE_CHINESE;
    char why[200];
    if (grammar(t, c->cp, n, &s, why, sizeof why) != 0) {
        xq_nt_fail(err, errlen, "cannot read '%s' as a move: %s", shown, why);
        return -1;
    }
    for (int i = 0; i < n; i++)
        if (t[i].cls == T_NUM && t[i].val == 0) {
            xq_nt_fail(err, errlen, "cannot read '%s' as a move: files and distances are 1 to 9, not 0", shown);
            return -1;
        }
    return xq_spec_resolve(p, &s, shown, out, err, errlen);
}

/* Append code point c to buf at *w (bounded). */
static void put(char *buf, size_t n, size_t *w, long c)
{
    char tmp[4];
    int k = bo_utf8_put((unsigned long)c, tmp);
    if (*w + (size_t)k < n) memcpy(buf + *w, tmp, (size_t)k);
    *w += (size_t)k;
}

/* The modern standard form: file or tandem marker from xq_describe, glyphs by side. */
int xq_chinese_write(const xq_pos *p, xq_move m, char *buf, size_t n)
{
    /* 帅仕相马车炮兵 / 将士象马车炮卒, indexed by xq_kind */
    static const long glyph[2][8] = {
        {0, 0x5E05, 0x4ED5, 0x76F8, 0x9A6C, 0x8F66, 0x70AE, 0x5175},
        {0, 0x5C06, 0x58EB, 0x8C61, 0x9A6C, 0x8F66, 0x70AE, 0x5352},
    };
    static const long dir_cp[4] = {0, 0x8FDB, 0x5E73, 0x9000};   /* 进平退 */
    static const long pos3[3] = {0x524D, 0x4E2D, 0x540E};        /* 前中后 */
    xq_desc d;
    if (xq_describe(p, m, &d) != 0) return -1;
    int sd = p->side;
    long numcp[10];
    for (int i = 1; i <= 9; i++) numcp[i] = sd == XQ_RED ? cn_num[i] : 0xFF10 + i;
    size_t w = 0;
    long piece = glyph[sd][d.kind];
    long mark = 0;          /* 前/中/后/一..五, 0 if none */
    bool file_for_piece = false;
    if (d.on_file >= 2 && d.kind != XQ_KING && d.kind != XQ_ADVISOR && d.kind != XQ_ELEPHANT) {
        if (d.on_file == 2) mark = pos3[d.index == 0 ? 0 : 2];
        else if (d.on_file == 3) mark = pos3[d.index];
        else mark = cn_num[d.index + 1];
        file_for_piece = d.kind == XQ_PAWN && d.stacked_files >= 2;
    }
    if (mark) {
        put(buf, n, &w, mark);
        put(buf, n, &w, file_for_piece ? numcp[d.file] : piece);
    } else {
        put(buf, n, &w, piece);
        put(buf, n, &w, numcp[d.file]);
    }
    put(buf, n, &w, dir_cp[d.dir]);
    put(buf, n, &w, numcp[d.num]);
    if (w >= n) { buf[0] = '\0'; return -1; }
    buf[w] = '\0';
    return 0;
}

/* The glyphs that differ between the two scripts in the moves boyi writes: each
 * simplified one and its traditional form, both three bytes of UTF-8. */
static const char *const script_pairs[][2] = {
    {"车", "車"}, {"马", "馬"}, {"帅", "帥"}, {"将", "將"}, {"进", "進"}, {"后", "後"},
};

/* Glyphs only a traditional record uses beyond those: the variant piece names. */
static const char *const traditional_only[] = {"俥", "傌", "砲"};

int xq_chinese_script(const char *text)
{
    int score = 0;
    for (const char *p = text; *p; p++) {
        if (((unsigned char)*p & 0xC0) == 0x80) continue;
        for (size_t i = 0; i < sizeof script_pairs / sizeof script_pairs[0]; i++) {
            if (strncmp(p, script_pairs[i][0], 3) == 0) score--;
            if (strncmp(p, script_pairs[i][1], 3) == 0) score++;
        }
        for (size_t i = 0; i < sizeof traditional_only / sizeof traditional_only[0]; i++)
            if (strncmp(p, traditional_only[i], 3) == 0) score++;
    }
    return score;
}

void xq_chinese_traditional(char *text)
{
    for (char *p = text; *p; p++)
        for (size_t i = 0; i < sizeof script_pairs / sizeof script_pairs[0]; i++)
            if (strncmp(p, script_pairs[i][0], 3) == 0) {
                memcpy(p, script_pairs[i][1], 3);
                p += 2;
                break;
            }
}
