/** The built-in operations (the find family, insert, insert_batch, copy) and `Operations`, which finds an operation by name: built-ins, then ServiceLoader, then class name. */
package stress.ops.builtin;
