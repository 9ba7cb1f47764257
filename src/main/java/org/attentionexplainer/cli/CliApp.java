package org.attentionexplainer.cli;

import java.util.function.Supplier;
import org.attentionexplainer.engine.AttentionEngine;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The command line: {@code compute}, {@code export}, {@code bench}, {@code train}, and the GUI (the default without
 * arguments).
 */
@Command(name = "attention-explainer", mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = "Attention Explainer: see how transformer attention works, step by step.",
        subcommands = {ComputeCommand.class, ExportCommand.class, BenchCommand.class, TrainCommand.class,
                CommandLine.HelpCommand.class})
public final class CliApp implements Runnable {
    private final Runnable gui;

    public CliApp(Runnable gui) {
        this.gui = gui;
    }

    @Override
    public void run() {
        gui.run();
    }

    /** Runs the command line and returns the exit status. */
    public static int run(String[] args, Runnable gui, Supplier<AttentionEngine> engines) {
        CommandLine cli = new CommandLine(new CliApp(gui), new Factory(engines));
        cli.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
            commandLine.getErr().println(commandLine.getCommandName() + ": internal error: " + ex);
            return ExitCodes.INTERNAL;
        });
        try {
            return cli.execute(args);
        } catch (OutOfMemoryError e) {
            // picocli lets errors through; a command that does not catch its own ends here
            cli.getErr().println(cli.getCommandName() + ": " + outOfMemory());
            return ExitCodes.BAD_INPUT;
        }
    }

    /** What a command says when the heap ran out after all. */
    static String outOfMemory() {
        return "not enough memory: the " + (Runtime.getRuntime().maxMemory() >> 20) + " MiB Java heap is full;"
                + " use fewer tokens, heads or a smaller scale, or give Java more with -Xmx";
    }

    /** Hands the engine supplier to the commands that need it. */
    private record Factory(Supplier<AttentionEngine> engines) implements CommandLine.IFactory {
        @Override
        public <K> K create(Class<K> cls) throws Exception {
            if (cls == ComputeCommand.class) {
                return cls.cast(new ComputeCommand(engines));
            }
            if (cls == ExportCommand.class) {
                return cls.cast(new ExportCommand(engines));
            }
            if (cls == BenchCommand.class) {
                return cls.cast(new BenchCommand(engines));
            }
            if (cls == TrainCommand.class) {
                return cls.cast(new TrainCommand(engines));
            }
            return CommandLine.defaultFactory().create(cls);
        }
    }
}
