/**
 * The {@code c3p0} pool kind; the only package that imports c3p0.
 */
package stress.connect.c3p0;
