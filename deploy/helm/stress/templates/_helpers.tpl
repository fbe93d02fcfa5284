{{/* Names are cut to 52 characters: a Job's pods carry the Job's name in a 63-character label. */}}
{{- define "stress.fullname" -}}
{{- if contains .Chart.Name .Release.Name -}}
{{- .Release.Name | trunc 52 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name .Chart.Name | trunc 52 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{- define "stress.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/*
The run's name in the database, shared by the instances and the merge: the prefix (runId, else the release name),
the release revision and a part made once per rendering (runIdSuffix, else 5 random characters), so that every
install is a new run. The made part is kept in .Values, which every template of one rendering shares.
*/}}
{{- define "stress.runId" -}}
{{- if not (hasKey .Values "renderedRunIdSuffix") -}}
{{- $_ := set .Values "renderedRunIdSuffix" (default (randAlphaNum 5 | lower) (toString (default "" .Values.runIdSuffix))) -}}
{{- end -}}
{{- printf "%s-r%d-%s" (default .Release.Name .Values.runId) (int .Release.Revision) .Values.renderedRunIdSuffix -}}
{{- end -}}

{{- define "stress.imageTag" -}}
{{- toString (default .Chart.AppVersion .Values.image.tag) -}}
{{- end -}}

{{- define "stress.image" -}}
{{- printf "%s:%s" .Values.image.repository (include "stress.imageTag" .) -}}
{{- end -}}

{{/* A tag that moves (a snapshot, latest) is pulled at every start; a release tag once per node. */}}
{{- define "stress.pullPolicy" -}}
{{- $tag := include "stress.imageTag" . -}}
{{- if .Values.image.pullPolicy -}}
{{- .Values.image.pullPolicy -}}
{{- else if or (hasSuffix "-SNAPSHOT" $tag) (eq $tag "latest") -}}
Always
{{- else -}}
IfNotPresent
{{- end -}}
{{- end -}}

{{- define "stress.selectorLabels" -}}
app.kubernetes.io/name: {{ .Chart.Name }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end -}}

{{- define "stress.labels" -}}
{{ include "stress.selectorLabels" . }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
helm.sh/chart: {{ include "stress.chart" . }}
{{- end -}}

{{- define "stress.resultsClaim" -}}
{{- printf "%s-results" (include "stress.fullname" .) -}}
{{- end -}}

{{/* Refusals before anything is created: each says which value and why. */}}
{{- define "stress.validate" -}}
{{- if not (regexMatch "^[1-9][0-9]*$" (toString .Values.instances)) -}}
{{- fail (printf "instances must be a whole number of 1 or more, not %v" .Values.instances) -}}
{{- end -}}
{{- if not (has .Values.antiAffinity (list "hard" "soft" "none")) -}}
{{- fail (printf "antiAffinity must be hard, soft or none, not %v" .Values.antiAffinity) -}}
{{- end -}}
{{- if not .Values.connection.secretName -}}
{{- fail "connection.secretName is empty: the database connection comes from a Secret (see values.yaml)" -}}
{{- end -}}
{{- if not .Values.image.repository -}}
{{- fail "image.repository is empty: name the image the pods run (see values.yaml: mvn -Pimage ... jib:build)" -}}
{{- end -}}
{{- if not (has (toString .Values.image.pullPolicy) (list "" "Always" "IfNotPresent" "Never")) -}}
{{- fail (printf "image.pullPolicy must be Always, IfNotPresent, Never or empty (chosen by the tag), not %v" .Values.image.pullPolicy) -}}
{{- end -}}
{{- $runId := include "stress.runId" . -}}
{{- if not (regexMatch "^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$" $runId) -}}
{{- fail (printf "runId / runIdSuffix: the run id %q is refused by stress: 1 to 100 letters, digits, '.', '_' or '-', starting with a letter or digit" $runId) -}}
{{- end -}}
{{- if lt (int .Values.terminationGracePeriodSeconds) 65 -}}
{{- fail (printf "terminationGracePeriodSeconds must be 65 or more, not %v: after SIGTERM stress takes up to 60 s to end its phase, print and keep its result" .Values.terminationGracePeriodSeconds) -}}
{{- end -}}
{{- range $arg := .Values.args -}}
{{- $a := toString $arg -}}
{{- if regexMatch "^--(run-id|instances?|barrier-timeout|heartbeat)(=.*)?$" $a -}}
{{- fail (printf "args: %s is set by the chart (runId, instances, barrierTimeout, heartbeat)" $a) -}}
{{- end -}}
{{- if regexMatch "(?i)password|^--url=.*@|^jdbc:.*password" $a -}}
{{- fail "args: no password on the command line (it would show in the pod spec): put it in the Secret as PGPASSWORD" -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{/* libpq's variables from the Secret, then the user's extra environment. */}}
{{- define "stress.env" -}}
{{- $secret := .Values.connection.secretName -}}
{{- range $name, $key := .Values.connection.keys }}
- name: {{ $name }}
  valueFrom:
    secretKeyRef:
      name: {{ $secret }}
      key: {{ $key }}
{{- end }}
{{- $required := .Values.connection.keys -}}
{{- range $name, $key := .Values.connection.optionalKeys }}
{{- if not (hasKey $required $name) }}
- name: {{ $name }}
  valueFrom:
    secretKeyRef:
      name: {{ $secret }}
      key: {{ $key }}
      optional: true
{{- end }}
{{- end }}
{{- with .Values.extraEnv }}
{{ toYaml . }}
{{- end }}
{{- end -}}

{{- define "stress.podSpecCommon" -}}
restartPolicy: Never
# above stress's own shutdown window after SIGTERM (60 s), so that an instance ends as interrupted, not killed
terminationGracePeriodSeconds: {{ int .Values.terminationGracePeriodSeconds }}
{{- with .Values.serviceAccountName }}
serviceAccountName: {{ . }}
{{- end }}
# the pods never call the Kubernetes API
automountServiceAccountToken: false
{{- with .Values.imagePullSecrets }}
imagePullSecrets:
  {{- toYaml . | nindent 2 }}
{{- end }}
securityContext:
  {{- $podSecurity := deepCopy .Values.podSecurityContext }}
  {{- if .Values.platformAssignsUser }}
  {{- $podSecurity = omit $podSecurity "runAsUser" "runAsGroup" "fsGroup" }}
  {{- end }}
  {{- toYaml $podSecurity | nindent 2 }}
{{- with .Values.nodeSelector }}
nodeSelector:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with .Values.tolerations }}
tolerations:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- end -}}

{{- define "stress.tmpVolume" -}}
- name: tmp
  emptyDir:
    sizeLimit: {{ .Values.tmpSizeLimit }}
{{- end -}}
