/**
 * What the client process and its host cost while a phase is measured, read from the JVM and {@code /proc}:
 * {@code ClientMeter} (with {@code JitCpu}, {@code HostCpu}, {@code ServerCpu}) and {@code PacerLagRecorder}; the figures
 * they give ({@code ClientUsage}, {@code HostUsage}, {@code PacerLag}) are in {@code stress.metrics}, with every result.
 */
package stress.metrics.client;
