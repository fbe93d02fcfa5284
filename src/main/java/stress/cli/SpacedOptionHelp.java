package stress.cli;

import java.util.List;
import picocli.CommandLine.Help;
import picocli.CommandLine.Help.Ansi.IStyle;
import picocli.CommandLine.Help.Ansi.Text;
import picocli.CommandLine.Help.ColorScheme;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * Usage help that shows options as people type them, {@code -h HOST} and {@code --threads N}, rather than
 * picocli's {@code -h=HOST}. Only the display changes: {@code --threads=N} is still accepted.
 */
final class SpacedOptionHelp extends Help {
  private final IParamLabelRenderer spaced;

  SpacedOptionHelp(CommandSpec spec, ColorScheme colors) {
    super(spec, colors);
    spaced = spaced(super.parameterLabelRenderer());
  }

  @Override
  public IParamLabelRenderer parameterLabelRenderer() {
    return spaced;
  }

  private static IParamLabelRenderer spaced(IParamLabelRenderer picocli) {
    return new IParamLabelRenderer() {
      @Override
      public Text renderParameterLabel(ArgSpec arg, Help.Ansi ansi, List<IStyle> styles) {
        Text label = picocli.renderParameterLabel(arg, ansi, styles);
        String separator = picocli.separator();
        return label.plainString().startsWith(separator)
            ? ansi.new Text(" ").concat(label.substring(separator.length())) : label;
      }

      @Override
      public String separator() {
        return " ";
      }
    };
  }
}
