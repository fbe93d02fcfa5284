/** Settings of a target: session settings validated against pg_settings and applied per connection, server-level settings reported, never toggled. */
package stress.server.settings;
