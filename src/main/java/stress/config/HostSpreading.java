package stress.config;

/**
 * Whether a run spreads its workers over the hosts it connects to. With {@code --hosts} it always does (that
 * is what the option is for); with a multi-host {@code --url} or {@code -h h1,h2} only when
 * {@code --spread-hosts} is given, otherwise pgjdbc picks one host per connection as it always does
 * ({@code targetServerType}, {@code loadBalanceHosts}).
 *
 * @param hosts        the servers of {@code --hosts}, or null when the connection options name them
 * @param spreadHosts  {@code --spread-hosts} was given
 */
public record HostSpreading(HostList hosts, boolean spreadHosts) {
  /** Neither {@code --hosts} nor {@code --spread-hosts}: pgjdbc's own choice of host. */
  public static final HostSpreading NONE = new HostSpreading(null, false);

  /** True when each worker is given a host (thread i on host i mod n) instead of pgjdbc picking one. */
  public boolean spread() {
    return hosts != null || spreadHosts;
  }
}
