/**
 * {@code stress merge}: several processes' results added into one ({@code ResultMerger}, histograms added exactly),
 * and what it refuses to add ({@code SameRunCheck}).
 */
package stress.report.merge;
