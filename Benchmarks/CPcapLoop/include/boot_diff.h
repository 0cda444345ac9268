#ifndef KEYTRACE_BOOT_DIFF_H
#define KEYTRACE_BOOT_DIFF_H

/* What keytrace_boot_diff counted in a capture. */
struct keytrace_boot_diff_counts {
    unsigned long packets;
    unsigned long reports;
    unsigned long transitions;
};

/*
 * Reads the usbmon capture at `path` (link type 189 or 220) with pcap_next_ex and diffs each
 * 8-byte interrupt-IN report against the previous one of its endpoint, counting key transitions.
 * Returns 0, or -1 when libpcap cannot open the file (its message is printed on stderr).
 */
int keytrace_boot_diff(const char *path, struct keytrace_boot_diff_counts *counts);

#endif
