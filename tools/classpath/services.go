package classpath

import (
	"archive/zip"
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode"
)

// Service is a provider-configuration file, META-INF/services/NAME, of a
// jar, war or directory: the providers that java.util.ServiceLoader
// instantiates for service NAME when the container is on the class path.
// Names are internal binary names ("a/b/Impl$Inner"). Modules declare
// their providers in module-info instead (classfile.Module.Provides), so
// jmods and runtime images have none here.
type Service struct {
	Name      string
	Providers []string
}

// servicesDir is where a jar's or directory's provider configurations are.
const servicesDir = "META-INF/services/"

// serviceLister is implemented by containers that can have provider
// configurations.
type serviceLister interface {
	services() ([]Service, error)
}

// Services returns c's provider configurations, sorted by service name,
// providers in file order without duplicates (empty files omitted). Lines
// that are not a binary class name are skipped: ServiceLoader fails on
// them instead of instantiating anything.
func Services(c Container) ([]Service, error) {
	if l, ok := c.(serviceLister); ok {
		return l.services()
	}
	return nil, nil
}

// serviceFileName returns the service named by path p relative to a class
// root, if p is a provider configuration.
func serviceFileName(p string) (string, bool) {
	name, ok := strings.CutPrefix(p, servicesDir)
	if !ok || name == "" || strings.Contains(name, "/") || !isBinaryName(name) {
		return "", false
	}
	return strings.ReplaceAll(name, ".", "/"), true
}

// parseServiceFile reads the providers of a configuration file, as
// ServiceLoader does: UTF-8, '#' starts a comment, blanks around names.
func parseServiceFile(data []byte) []string {
	var out []string
	for line := range bytes.Lines(data) {
		if i := bytes.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		name := strings.TrimSpace(string(line))
		if name == "" || !isBinaryName(name) {
			continue
		}
		if n := strings.ReplaceAll(name, ".", "/"); !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	return out
}

// isBinaryName reports whether s is a dotted sequence of Java identifiers.
func isBinaryName(s string) bool {
	for part := range strings.SplitSeq(s, ".") {
		if part == "" {
			return false
		}
		for i, r := range part {
			ok := r == '_' || r == '$' || unicode.IsLetter(r) || (i > 0 && unicode.IsDigit(r))
			if !ok {
				return false
			}
		}
	}
	return true
}

// collectServices sorts configurations read by name; the first file of a
// name wins (a jar has one).
func collectServices(list []Service) []Service {
	slices.SortStableFunc(list, func(a, b Service) int { return strings.Compare(a.Name, b.Name) })
	list = slices.CompactFunc(list, func(a, b Service) bool { return a.Name == b.Name })
	return slices.DeleteFunc(list, func(s Service) bool { return len(s.Providers) == 0 })
}

// services of a jar or war: configurations at the root (and, in a war,
// under WEB-INF/classes/).
func (z *zipContainer) services() ([]Service, error) {
	var list []Service
	for _, f := range z.svcFiles {
		name, _ := serviceFileName(strings.TrimPrefix(f.Name, warClassesPrefix))
		data, err := readZipFile(f, z.size)
		if err != nil {
			return nil, &Error{Container: z.name, Entry: f.Name, Err: err}
		}
		list = append(list, Service{Name: name, Providers: parseServiceFile(data)})
	}
	return collectServices(list), nil
}

// zipServiceFile reports whether entry f of a zip of kind k is a provider
// configuration.
func zipServiceFile(f *zip.File, k zipKind) bool {
	switch k {
	case kindJmod:
		return false
	case kindWar:
		rest, ok := strings.CutPrefix(f.Name, warClassesPrefix)
		if ok {
			_, ok = serviceFileName(rest)
		}
		return ok
	}
	_, ok := serviceFileName(f.Name)
	return ok
}

// services of a directory: the files of its META-INF/services.
func (c *dirContainer) services() ([]Service, error) {
	dir := filepath.Join(c.name, filepath.FromSlash(servicesDir))
	ents, err := os.ReadDir(dir)
	if err != nil {
		if os.IsNotExist(err) {
			return nil, nil
		}
		return nil, &Error{Container: c.name, Entry: servicesDir, Err: unwrapPath(err)}
	}
	var list []Service
	for _, e := range ents {
		name, ok := serviceFileName(servicesDir + e.Name())
		if !ok || e.IsDir() {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			return nil, &Error{Container: c.name, Entry: servicesDir + e.Name(), Err: unwrapPath(err)}
		}
		list = append(list, Service{Name: name, Providers: parseServiceFile(data)})
	}
	return collectServices(list), nil
}
