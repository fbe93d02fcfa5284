"""The CPU a PostgreSQL server has used, read from /proc: the postmaster and its live children (backends and
background processes), and on request the children it has already reaped (the postmaster's cutime/cstime).

Run as a script with the server's postmaster.pid, it prints "<CPU seconds, reaped included> <client backends>"
(throwaway_pg.sh's server_cpu); server_cost_per_lookup.sh imports server_ticks for its sampler."""
import os
import sys


def server_ticks(postmaster, reaped=True):
    """Clock ticks of user + system CPU, and how many of the live children are TCP client backends."""
    total = 0
    backends = 0
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            fields = open(f"/proc/{entry}/stat").read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(entry) == postmaster:
            total += sum(int(f) for f in fields[11:15 if reaped else 13])  # utime, stime[, cutime, cstime]
        elif int(fields[1]) == postmaster:
            total += int(fields[11]) + int(fields[12])
            try:
                backends += b" 127.0.0.1(" in open(f"/proc/{entry}/cmdline", "rb").read()
            except OSError:
                pass
    return total, backends


if __name__ == "__main__":
    ticks, clients = server_ticks(int(open(sys.argv[1]).readline()))
    print(f"{ticks / os.sysconf('SC_CLK_TCK'):.2f} {clients}")
