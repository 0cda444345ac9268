#ifndef KEYTRACE_CPCAP_SHIM_H
#define KEYTRACE_CPCAP_SHIM_H
#include <pcap/pcap.h>
#include <stdio_ext.h>
#endif
