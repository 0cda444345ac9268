/*
 * The reference loop for `keytrace record --pcap` speed (docs/Benchmarks.md): read a usbmon
 * capture (link type 189 or 220) with pcap_next_ex and diff each 8-byte interrupt-IN boot
 * keyboard report against the previous one of its endpoint, counting key transitions. No
 * descriptors, no trace written: the least any USB keyboard decoder must do.
 *
 * The RecordPcapBenchmarks target calls keytrace_boot_diff; on its own:
 *
 *   cc -O2 -DBOOT_DIFF_MAIN -IBenchmarks/CPcapLoop/include -o boot_diff Benchmarks/CPcapLoop/boot_diff.c -lpcap
 *   ./boot_diff CAPTURE            prints packets, reports, transitions
 */
#include "boot_diff.h"

#include <pcap/pcap.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

struct endpoint { uint32_t key; uint8_t last[8]; int used; };

int keytrace_boot_diff(const char *path, struct keytrace_boot_diff_counts *counts) {
    char error[PCAP_ERRBUF_SIZE];
    pcap_t *pcap = pcap_open_offline(path, error);
    if (!pcap) { fprintf(stderr, "%s\n", error); return -1; }
    int header = pcap_datalink(pcap) == 220 ? 64 : 48;
    struct endpoint endpoints[64];
    memset(endpoints, 0, sizeof endpoints);
    struct pcap_pkthdr *h;
    const u_char *data;
    unsigned long packets = 0, reports = 0, transitions = 0;
    while (pcap_next_ex(pcap, &h, &data) == 1) {
        packets++;
        if (h->caplen < (bpf_u_int32)header + 8 || data[8] != 'C' || data[9] != 1 || !(data[10] & 0x80)) continue;
        if (h->caplen - header != 8) continue;
        uint32_t key = (uint32_t)data[12] << 16 | (uint32_t)data[11] << 8 | data[10];
        struct endpoint *e = &endpoints[key % 64];
        if (!e->used || e->key != key) { memset(e, 0, sizeof *e); e->key = key; e->used = 1; }
        const uint8_t *r = data + header;
        reports++;
        for (int bit = 0; bit < 8; bit++) transitions += ((r[0] ^ e->last[0]) >> bit) & 1;
        for (int i = 2; i < 8; i++) {
            if (r[i] > 3 && !memchr(e->last + 2, r[i], 6)) transitions++;
            if (e->last[i] > 3 && !memchr(r + 2, e->last[i], 6)) transitions++;
        }
        memcpy(e->last, r, 8);
    }
    pcap_close(pcap);
    counts->packets = packets;
    counts->reports = reports;
    counts->transitions = transitions;
    return 0;
}

#ifdef BOOT_DIFF_MAIN
int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: %s CAPTURE\n", argv[0]); return 2; }
    struct keytrace_boot_diff_counts counts;
    if (keytrace_boot_diff(argv[1], &counts) != 0) return 2;
    printf("packets %lu, reports %lu, transitions %lu\n", counts.packets, counts.reports, counts.transitions);
    return 0;
}
#endif
