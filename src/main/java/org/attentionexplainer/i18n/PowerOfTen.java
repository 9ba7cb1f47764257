package org.attentionexplainer.i18n;

/**
 * A message argument to be read as a power of ten, "3.0 × 10⁻⁸": MessageFormat's own
 * {@code 0.0E0} would put the computer's "3.0E-8" on a slide. {@link Localization#get} words it.
 */
public record PowerOfTen(double value) {
}
