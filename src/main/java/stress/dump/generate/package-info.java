/**
 * Generated documents written as mongodump output ({@code stress generate}): deterministic documents of a size
 * preset from (seed, id), in the directory layout or as an archive, optionally gzip.
 */
package stress.dump.generate;
