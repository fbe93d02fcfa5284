/** What a dump names: namespaces (database and collection), the filters that choose them, and the file names mongodump writes. */
package stress.dump.naming;
