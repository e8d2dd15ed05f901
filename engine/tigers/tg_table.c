/* tg_table.c -- Two Tigers' solver files: the table of solved layers and the
 * checkpoint of a layer in progress.
 *
 * The table (tg_solve.h): a 16-byte header ("boyi-tg2", the win layer), then per
 * layer win+1 .. K the tigers-to-move then the dogs-to-move values.  Every write goes
 * to its computed offset with pwrite (never through a stream's position), is synced,
 * and the file's size is checked afterwards, so a table is never left with a layer in
 * the wrong place.  The checkpoint "<table>.part": a header (tg_ckpt_meta) and the
 * layer's values and its four frontier bitmaps, written to "<table>.part.tmp",
 * synced and renamed over the old one, so a checkpoint on disk is always whole (with
 * distances, their bytes follow).  The distance file (tg_dist_*): a header
 * ("boyi-td1", the win layer), then per layer a byte a position, written like the
 * table at computed offsets, after the layer's values. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core.h"
#include "tg_index.h"
#include "tg_solve.h"

static const char table_magic[8] = {'b', 'o', 'y', 'i', '-', 't', 'g', '2'};
/* 'q': the checkpoint of the exact-level passes (level 0 the moveless positions), not
 * the earlier 'p' of the first-pass scheme, whose frontiers mean something else */
static const char ckpt_magic[8] = {'b', 'o', 'y', 'i', '-', 't', 'g', 'q'};
static const char dist_magic[8] = {'b', 'o', 'y', 'i', '-', 't', 'd', '1'};

uint64_t tg_table_offset(const tg_index *x, int win, int d)
{
    uint64_t off = TG_TABLE_HEADER;
    for (int e = win + 1; e < d; e++) off += 2 * ((x->size[e] + 3) / 4);
    return off;
}

/* All N bytes at OFF, whatever the kernel splits them into; 0 or -1. */
int tg_file_write(int fd, const void *buf, size_t n, uint64_t off)
{
    const char *p = buf;
    while (n > 0) {
        ssize_t k = pwrite(fd, p, n > (1u << 30) ? (1u << 30) : n, (off_t)off);
        if (k < 0 && errno == EINTR) continue;
        if (k <= 0) return -1;
        p += k;
        n -= (size_t)k;
        off += (uint64_t)k;
    }
    return 0;
}

int tg_file_read(int fd, void *buf, size_t n, uint64_t off)
{
    char *p = buf;
    while (n > 0) {
        ssize_t k = pread(fd, p, n > (1u << 30) ? (1u << 30) : n, (off_t)off);
        if (k < 0 && errno == EINTR) continue;
        if (k <= 0) return -1;
        p += k;
        n -= (size_t)k;
        off += (uint64_t)k;
    }
    return 0;
}

static uint64_t file_size(int fd)
{
    struct stat st;
    return fstat(fd, &st) == 0 ? (uint64_t)st.st_size : 0;
}

int tg_table_open(const char *path, int win, const tg_index *x, int *fd, int *half, char *err, size_t errlen)
{
    *half = 0;
    *fd = open(path, O_RDWR | O_CREAT, 0644);
    if (*fd < 0) return bo_fail(err, errlen, "%s: cannot write the table (%s)", path, strerror(errno));
    unsigned char hdr[TG_TABLE_HEADER] = {0};
    memcpy(hdr, table_magic, 8);
    hdr[8] = (unsigned char)win;
    uint64_t have = file_size(*fd);
    if (have < TG_TABLE_HEADER) {
        if (ftruncate(*fd, 0) != 0 || tg_file_write(*fd, hdr, sizeof hdr, 0) != 0 || fsync(*fd) != 0)
            return bo_fail(err, errlen, "%s: cannot write the table header", path);
        return win;
    }
    unsigned char old[TG_TABLE_HEADER];
    if (tg_file_read(*fd, old, sizeof old, 0) != 0 || memcmp(old, hdr, sizeof hdr) != 0)
        return bo_fail(err, errlen, "%s: not a Two Tigers table of this index and win layer (remove it to start over)",
                       path);
    int top = win;
    for (int d = win + 1; d <= TG_DOGS; d++)
        if (tg_table_offset(x, win, d + 1) <= have) top = d;
    /* a layer whose tigers-to-move half is whole but not its dogs-to-move half */
    if (top < TG_DOGS && have >= tg_table_offset(x, win, top + 1) + (x->size[top + 1] + 3) / 4) *half = 1;
    uint64_t keep = tg_table_offset(x, win, top + 1) + (*half ? (x->size[top + 1] + 3) / 4 : 0);
    if (have != keep && ftruncate(*fd, (off_t)keep) != 0)
        return bo_fail(err, errlen, "%s: cannot cut the unfinished layer off", path);
    return top;
}

int tg_table_write_half(int fd, const char *path, const tg_index *x, int win, int d, int side, const uint8_t *val,
                        char *err, size_t errlen)
{
    size_t vb = (size_t)((x->size[d] + 3) / 4);
    uint64_t off = tg_table_offset(x, win, d) + (side ? vb : 0);
    if (tg_file_write(fd, val, vb, off) != 0 || fsync(fd) != 0)
        return bo_fail(err, errlen, "%s: cannot write the layer of %d dogs (%s)", path, d, strerror(errno));
    if (file_size(fd) != off + vb)
        return bo_fail(err, errlen, "%s: the table is %llu bytes after the layer of %d dogs, not %llu", path,
                       (unsigned long long)file_size(fd), d, (unsigned long long)(off + vb));
    return 0;
}

int tg_table_read_half(int fd, const char *path, const tg_index *x, int win, int d, int side, uint8_t *val, char *err,
                       size_t errlen)
{
    size_t vb = (size_t)((x->size[d] + 3) / 4);
    if (tg_file_read(fd, val, vb, tg_table_offset(x, win, d) + (side ? vb : 0)) != 0)
        return bo_fail(err, errlen, "%s: cannot read the layer of %d dogs", path, d);
    return 0;
}

/* ---- the distance file ---- */

uint64_t tg_dist_offset(const tg_index *x, int win, int d)
{
    uint64_t off = TG_TABLE_HEADER;
    for (int e = win + 1; e < d; e++) off += 2 * x->size[e];
    return off;
}

/* Like the table's: the header checked or written, a partial layer cut off; and the
 * file must hold every layer the table holds (their distances are not in the table). */
int tg_dist_open(const char *path, int win, const tg_index *x, int top, int *fd, char *err, size_t errlen)
{
    *fd = open(path, O_RDWR | O_CREAT, 0644);
    if (*fd < 0) return bo_fail(err, errlen, "%s: cannot write the distance file (%s)", path, strerror(errno));
    unsigned char hdr[TG_TABLE_HEADER] = {0};
    memcpy(hdr, dist_magic, 8);
    hdr[8] = (unsigned char)win;
    uint64_t have = file_size(*fd);
    if (have < TG_TABLE_HEADER) {
        if (top > win)
            return bo_fail(err, errlen, "%s: no distances for the %d..%d dogs the table already holds (solve with "
                           "distances from an empty table)", path, win + 1, top);
        if (ftruncate(*fd, 0) != 0 || tg_file_write(*fd, hdr, sizeof hdr, 0) != 0 || fsync(*fd) != 0)
            return bo_fail(err, errlen, "%s: cannot write the distance file header", path);
        return 0;
    }
    unsigned char old[TG_TABLE_HEADER];
    if (tg_file_read(*fd, old, sizeof old, 0) != 0 || memcmp(old, hdr, sizeof hdr) != 0)
        return bo_fail(err, errlen, "%s: not a Two Tigers distance file of this index and win layer (remove it to "
                       "start over)", path);
    int dtop = win;
    for (int d = win + 1; d <= TG_DOGS; d++)
        if (tg_dist_offset(x, win, d + 1) <= have) dtop = d;
    if (dtop < top)
        return bo_fail(err, errlen, "%s: distances up to %d dogs, but the table holds layers up to %d", path, dtop, top);
    uint64_t keep = tg_dist_offset(x, win, top + 1);
    if (have != keep && ftruncate(*fd, (off_t)keep) != 0)
        return bo_fail(err, errlen, "%s: cannot cut the layers after the table's off", path);
    return 0;
}

int tg_dist_write_half(int fd, const char *path, const tg_index *x, int win, int d, int side, const uint8_t *dist,
                       char *err, size_t errlen)
{
    uint64_t n = x->size[d], off = tg_dist_offset(x, win, d) + (side ? n : 0);
    if (tg_file_write(fd, dist, (size_t)n, off) != 0 || fsync(fd) != 0)
        return bo_fail(err, errlen, "%s: cannot write the distances of %d dogs (%s)", path, d, strerror(errno));
    if (file_size(fd) != off + n)
        return bo_fail(err, errlen, "%s: the distance file is %llu bytes after the layer of %d dogs, not %llu", path,
                       (unsigned long long)file_size(fd), d, (unsigned long long)(off + n));
    return 0;
}

/* ---- the checkpoint of a layer in progress ---- */

static char *part_name(const char *table, const char *suffix)
{
    size_t n = strlen(table) + strlen(suffix) + 1;
    char *s = malloc(n);
    if (s) snprintf(s, n, "%s%s", table, suffix);
    return s;
}

int tg_ckpt_save(const char *table, const tg_ckpt_meta *m, const tg_index *x, uint8_t *const val[2],
                 uint8_t *const fa[2], uint8_t *const fb[2], uint8_t *const dist[2], char *err, size_t errlen)
{
    char *tmp = part_name(table, ".part.tmp"), *fin = part_name(table, ".part");
    int rc = -1;
    if (!tmp || !fin) { bo_fail(err, errlen, "out of memory"); goto done; }
    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0) { bo_fail(err, errlen, "%s: cannot write the checkpoint (%s)", tmp, strerror(errno)); goto done; }
    tg_ckpt_meta h = *m;
    memcpy(h.magic, ckpt_magic, 8);
    size_t vb = (size_t)((x->size[m->dogs] + 3) / 4), fbytes = (size_t)((x->size[m->dogs] + 7) / 8);
    uint64_t off = 0;
    bool ok = tg_file_write(fd, &h, sizeof h, 0) == 0;
    off = sizeof h;
    for (int s = 0; s < 2 && ok; s++, off += vb) ok = tg_file_write(fd, val[s], vb, off) == 0;
    for (int s = 0; s < 2 && ok; s++, off += fbytes) ok = tg_file_write(fd, fa[s], fbytes, off) == 0;
    for (int s = 0; s < 2 && ok; s++, off += fbytes) ok = tg_file_write(fd, fb[s], fbytes, off) == 0;
    for (int s = 0; s < 2 && ok && dist; s++, off += x->size[m->dogs])
        ok = tg_file_write(fd, dist[s], (size_t)x->size[m->dogs], off) == 0;
    ok = ok && fsync(fd) == 0;
    ok = close(fd) == 0 && ok;
    if (!ok || rename(tmp, fin) != 0) {
        bo_fail(err, errlen, "%s: cannot write the checkpoint (%s)", tmp, strerror(errno));
        goto done;
    }
    rc = 0;
done:
    free(tmp);
    free(fin);
    return rc;
}

int tg_ckpt_load(const char *table, int win, int d, tg_ckpt_meta *m, const tg_index *x, uint8_t *val[2],
                 uint8_t *fa[2], uint8_t *fb[2], uint8_t *dist[2], char *err, size_t errlen)
{
    char *fin = part_name(table, ".part");
    if (!fin) return bo_fail(err, errlen, "out of memory");
    int fd = open(fin, O_RDONLY);
    free(fin);
    if (fd < 0) return 0;   /* none */
    size_t vb = (size_t)((x->size[d] + 3) / 4), fbytes = (size_t)((x->size[d] + 7) / 8);
    int rc = 0;
    if (tg_file_read(fd, m, sizeof *m, 0) != 0 || memcmp(m->magic, ckpt_magic, 8) != 0 || m->win != win ||
        m->dogs != d || file_size(fd) != sizeof *m + 2 * vb + 4 * fbytes + (dist ? 2 * x->size[d] : 0)) {
        rc = 0;   /* a checkpoint of another layer or run: the layer starts afresh */
    } else {
        uint64_t off = sizeof *m;
        bool ok = true;
        for (int s = 0; s < 2 && ok; s++, off += vb) ok = tg_file_read(fd, val[s], vb, off) == 0;
        for (int s = 0; s < 2 && ok; s++, off += fbytes) ok = tg_file_read(fd, fa[s], fbytes, off) == 0;
        for (int s = 0; s < 2 && ok; s++, off += fbytes) ok = tg_file_read(fd, fb[s], fbytes, off) == 0;
        for (int s = 0; s < 2 && ok && dist; s++, off += x->size[d])
            ok = tg_file_read(fd, dist[s], (size_t)x->size[d], off) == 0;
        rc = ok ? 1 : bo_fail(err, errlen, "%s.part: cannot read the checkpoint", table);
    }
    close(fd);
    return rc;
}

void tg_ckpt_remove(const char *table)
{
    char *fin = part_name(table, ".part");
    if (fin) unlink(fin);
    free(fin);
}
