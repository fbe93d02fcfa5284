package stress.connect;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The arrows between the connect packages: {@code connect} never uses its implementations, and each pool library is
 * used by its own package only. Checked by ArchUnit on the compiled classes, so a new file cannot slip past.
 */
class ConnectDependencyRulesTest {
  private static final JavaClasses MAIN = new ClassFileImporter()
      .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS).importPackages("stress");

  @Test
  void onlyTheHikariPackageUsesHikari() {
    noClasses().that().resideOutsideOfPackage("stress.connect.hikari").should().dependOnClassesThat()
        .resideInAPackage("com.zaxxer..").check(MAIN);
  }

  @Test
  void onlyTheC3p0PackageUsesC3p0() {
    noClasses().that().resideOutsideOfPackage("stress.connect.c3p0").should().dependOnClassesThat()
        .resideInAPackage("com.mchange..").check(MAIN);
  }

  @Test
  void connectDoesNotUseItsImplementations() {
    noClasses().that().resideInAPackage("stress.connect").should().dependOnClassesThat()
        .resideInAnyPackage("stress.connect.none", "stress.connect.hikari", "stress.connect.c3p0",
            "stress.connect.embedded", "stress.connect.eventloop").check(MAIN);
  }
}
