/**
 * The event-loop client ({@code run --event-loops N}): connections of vertx-pg-client served by N OS threads, as
 * pgbench's {@code -j} serves its connections, instead of one blocking thread per connection. The only package that
 * imports Vert.x.
 */
package stress.connect.eventloop;
