/** The operations a workload file declares in SQL, above the Operation interface: their statements per table and their parameters (declared, type-checked, drawn per execution). */
package stress.ops.file;
